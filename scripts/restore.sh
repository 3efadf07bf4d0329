#!/usr/bin/env bash
# Restores a backup of scripts/backup.sh into a fresh database and an empty storage: scripts/restore.sh BACKUP_DIR
#
# Settings as the product reads them (the environment, then .env): DATABASE_URL names the database to restore into
# (created when missing; refused when it already has tables), STORAGE_DRIVER/STORAGE_DIR/S3_* the storage (refused
# when it already holds files; restoring into another driver than the backup's is fine), and DATA_ENCRYPTION_KEY
# must be the key the backup was made under: its fingerprint must equal the manifest's, or nothing is touched (the
# files and the database's secrets would not open). Then `node scripts/prisma.mjs migrate deploy` brings an older
# backup's schema up to this version. A backup made by an earlier version may carry the generated development
# certificates as pdf-signing.tar: they are imported into the restored database, where the product now keeps them.
set -euo pipefail
cd "$(dirname "$0")/.."

[[ $# -eq 1 && -f $1/manifest.json ]] || { echo "usage: scripts/restore.sh BACKUP_DIR (a folder made by scripts/backup.sh)" >&2; exit 64; }
backup=$(cd "$1" && pwd)
parts() { npx --no-install tsx scripts/backup-parts.ts "$@"; }

expected=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).dataKeyFingerprint)' "$backup/manifest.json")
actual=$(parts fingerprint)
if [[ $expected != "$actual" ]]; then
  echo "restore: refused: DATA_ENCRYPTION_KEY is not the backup's data key (fingerprint ${actual:0:16}…, the backup's ${expected:0:16}…). Nothing was changed." >&2
  exit 2
fi
(cd "$backup" && sha256sum --quiet --strict -c SHA256SUMS) || { echo "restore: refused: the backup's files do not match SHA256SUMS" >&2; exit 3; }

database_url=$(parts database-url)
database_name=$(parts database-name)
maintenance_url=$(parts maintenance-url)

exists=$(psql -X -At -v ON_ERROR_STOP=1 -v name="$database_name" "$maintenance_url" <<<"SELECT 1 FROM pg_database WHERE datname = :'name'")
if [[ -n $exists ]]; then
  tables=$(psql "$database_url" -XAtc "SELECT count(*) FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')")
  ((tables == 0)) || { echo "restore: refused: database $database_name already has $tables tables; restore into a fresh one" >&2; exit 4; }
fi
parts store-empty || exit 4

if [[ -z $exists ]]; then
  psql -X -v ON_ERROR_STOP=1 -v name="$database_name" "$maintenance_url" <<<'CREATE DATABASE :"name"' >/dev/null
fi
echo "restore: restoring the database into $database_name" >&2
pg_restore --no-owner --no-privileges --exit-on-error --dbname "$database_url" "$backup/database.dump"
echo "restore: restoring the stored files" >&2
parts import-objects "$backup/objects" >/dev/null
if [[ -f $backup/pdf-signing.tar ]]; then
  unpacked=$(mktemp -d)
  trap 'rm -rf "$unpacked"' EXIT
  tar -C "$unpacked" -xf "$backup/pdf-signing.tar"
  echo "restore: importing the development certificates: $(parts import-development-credentials "$unpacked/pdf-signing")" >&2
fi
echo "restore: done; now run: node scripts/prisma.mjs migrate deploy" >&2
