#!/usr/bin/env bash
# Builds and installs pyHanko (+ pyhanko-certvalidator, pyhanko-cli) from a source checkout into
# .tmp/pyhanko-venv, without PyPI. See tools/pyhanko/README.md.
#
#   bash tools/pyhanko/install.sh [SOURCE] [TAG]
#
# SOURCE: a pyHanko git repository (bare or not; default: the local mirror below) or an
#         unpacked source tree (a folder holding pkgs/pyhanko). TAG: default v0.36.2.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
SOURCE="${1:-/work/.mirror/MatthiasValvekens+pyHanko/repo}"
TAG="${2:-v0.36.2}"
VERSION="${TAG#v}"
SRC="$ROOT/.tmp/pyhanko-src"
VENV="$ROOT/.tmp/pyhanko-venv"
# Python: the interpreter whose site-packages already has cryptography >= 48 (pyHanko 0.36 needs it;
# Debian 12's python3-cryptography is 38). On node-svc machines that is pyenv's 3.11.7.
PY="${PYHANKO_PYTHON:-$(command -v python3)}"
if ! "$PY" -c 'import sys, cryptography; sys.exit(int(cryptography.__version__.split(".")[0]) < 48)' 2>/dev/null; then
  echo "install.sh: $PY has no cryptography >= 48 in its site-packages (pyHanko 0.36 imports its mldsa module);" >&2
  echo "            set PYHANKO_PYTHON to an interpreter that has it." >&2
  exit 1
fi

# 1. Debian packages for the pure-python / prebuilt dependencies PyPI would have given.
need=()
for p in python3-asn1crypto python3-oscrypto python3-uritools python3-tzlocal python3-lxml python3-qrcode python3-platformdirs python3-wheel python3-pytz-deprecation-shim; do
  dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if ((${#need[@]})); then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"
fi

# 2. Source tree of the tag.
rm -rf "$SRC" && mkdir -p "$SRC"
if [ -d "$SOURCE/pkgs/pyhanko" ]; then
  cp -r "$SOURCE/pkgs" "$SRC/"
else
  # (the mirror lacks a few large test blobs elsewhere in the tree; git prints "invalid object" for one
  #  and still exits 0 with the three packages complete)
  git --git-dir="$SOURCE" archive "$TAG" pkgs/pyhanko pkgs/pyhanko-certvalidator pkgs/pyhanko-cli | tar -x -C "$SRC"
fi

# 3. The release pipeline stamps the version; the tree says 0.0.0.dev1. The pyproject files also ask
#    for setuptools >= 80.8 (PEP 639 license strings); Debian 12 / pyenv have 65-66, so rewrite the
#    two PEP 639 fields in the old form, and stamp the version into the version modules too.
#    Nothing else in the packages is changed.
for d in pyhanko pyhanko-certvalidator pyhanko-cli; do
  f="$SRC/pkgs/$d/pyproject.toml"
  sed -i -e "s/^version = \"0.0.0.dev1\"/version = \"$VERSION\"/" \
    -e 's/^requires = \["setuptools>=80.8.0"\]/requires = ["setuptools>=61"]/' \
    -e 's/^license = "MIT"/license = {text = "MIT"}/' \
    -e '/^license-files = /d' "$f"
done
sed -i "s/'0.0.0.dev1'/'$VERSION'/" "$SRC"/pkgs/pyhanko/src/pyhanko/version/__init__.py \
  "$SRC"/pkgs/pyhanko-certvalidator/src/pyhanko_certvalidator/version.py "$SRC"/pkgs/pyhanko-cli/src/pyhanko/cli/version.py

# 4. A venv that sees the interpreter's own site-packages (cryptography 48, requests, click, pyyaml,
#    certifi) plus, through a .pth, a folder of links to just the Debian modules missing there
#    (asn1crypto, oscrypto, uritools, tzlocal + pytz_deprecation_shim, lxml, qrcode/pypng,
#    platformdirs; wheel to build). Not the whole of dist-packages: a venv's .pth entries land before
#    the base interpreter's site-packages, and Debian's cryptography 38 would then win.
rm -rf "$VENV"
"$PY" -m venv --system-site-packages "$VENV"
SITE="$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
DEB="$VENV/debian-deps"
mkdir -p "$DEB"
for m in asn1crypto oscrypto uritools tzlocal lxml qrcode png.py platformdirs wheel pytz_deprecation_shim; do
  for f in /usr/lib/python3/dist-packages/{$m,${m%.py}-*info,py${m%.py}-*info}; do
    [ -e "$f" ] && ln -s "$f" "$DEB/"
  done
done
echo "$DEB" >"$SITE/debian-deps.pth"

# 5. Build and install the three packages (no index, no dependency resolution: deps are above).
for d in pyhanko-certvalidator pyhanko pyhanko-cli; do
  "$VENV/bin/pip" install -q --no-index --no-deps --no-build-isolation "$SRC/pkgs/$d"
done

# 6. Check.
"$VENV/bin/python" - <<'PY'
import cryptography, asn1crypto, lxml, pyhanko, pyhanko_certvalidator, importlib.metadata as m
from pyhanko.sign import validation
from pyhanko.sign.diff_analysis import ModificationLevel
print("pyhanko", m.version("pyhanko"), "| certvalidator", m.version("pyhanko-certvalidator"),
      "| cryptography", cryptography.__version__, "| lxml", lxml.__version__)
PY
"$VENV/bin/pyhanko" --version
