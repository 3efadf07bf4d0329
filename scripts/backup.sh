#!/usr/bin/env bash
# A backup of a Rúbrica installation: scripts/backup.sh [PARENT_DIR]  (default: backups/)
#
# Makes PARENT_DIR/rubrica-<UTC time>/ with
#   database.dump    pg_dump of DATABASE_URL (custom format: pg_restore reads it)
#   objects/         every stored file as kept (encrypted under the data key), whichever STORAGE_DRIVER
#   manifest.json    when, what, and the data key's FINGERPRINT (never the key: keep the key apart from backups)
#   SHA256SUMS       of every file above, checked by scripts/restore.sh
# The generated development certificates (used without PDF_SIGNING_P12_*/PDF_SIGNER_CA_P12_*) are in the database,
# so in the dump; a file an earlier version kept in STORAGE_DIR/pdf-signing and not yet imported is imported first.
# Settings as the product reads them: the environment, then .env. Needs pg_dump of the server's major version or
# newer. The database is dumped first (one consistent snapshot) and the objects copied after it, so every file the
# dump refers to is there unless deleted meanwhile (only drafts' files and failed uploads are ever deleted).
# Refuses to run while objects are still under a previous data key (finish scripts/rotate-data-key.ts first).
set -euo pipefail
cd "$(dirname "$0")/.."

parent=${1:-backups}
target="$parent/rubrica-$(date -u +%Y%m%dT%H%M%SZ)"
work="$target.partial"
parts() { npx --no-install tsx scripts/backup-parts.ts "$@"; }

[[ -e $target || -e $work ]] && { echo "backup: $target already exists" >&2; exit 1; }
mkdir -p "$work/objects"
trap 'rm -rf "$work"' EXIT

database_url=$(parts database-url)
fingerprint=$(parts fingerprint)
storage_dir=$(parts storage-dir)

if [[ -d $storage_dir/pdf-signing ]]; then parts import-development-credentials "$storage_dir/pdf-signing" >/dev/null; fi
echo "backup: dumping the database" >&2
pg_dump --format=custom --no-owner --no-privileges --file "$work/database.dump" --dbname "$database_url"
echo "backup: copying the stored files" >&2
objects=$(parts export-objects "$work/objects")

FINGERPRINT=$fingerprint OBJECTS=$objects PG_DUMP_VERSION=$(pg_dump --version) node -e '
  const { objects, bytes } = JSON.parse(process.env.OBJECTS);
  const manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    dataKeyFingerprint: process.env.FINGERPRINT,
    database: { file: "database.dump", pgDump: process.env.PG_DUMP_VERSION },
    objects: { dir: "objects", count: objects, bytes },
  };
  require("fs").writeFileSync(process.argv[1] + "/manifest.json", JSON.stringify(manifest, null, 2) + "\n");
' "$work"
(cd "$work" && find . -type f ! -name SHA256SUMS -print0 | sort -z | xargs -0 sha256sum) > "$work/SHA256SUMS"

mv "$work" "$target"
trap - EXIT
echo "backup: $(node -e 'const o = JSON.parse(process.argv[1]); console.log(o.objects + " files, " + o.bytes + " bytes")' "$objects"), data key fingerprint ${fingerprint:0:16}…" >&2
echo "$target"
