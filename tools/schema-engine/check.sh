#!/usr/bin/env bash
# Smoke test of the Prisma CLI on the wasm schema-engine stand-in, against
# throwaway PostgreSQL databases (PostgreSQL 13+). Exits non-zero if a step fails.
#
#   tools/schema-engine/check.sh
#
# CHECK_PG_URL     server to use, without a database; the databases are dropped
#                  from its `postgres` database
#                  (default postgresql://postgres@127.0.0.1:5432)
# CHECK_DB_PREFIX  names of the databases it creates and drops: <prefix>,
#                  <prefix>_fresh, <prefix>_push (default rubrica_engine_check;
#                  must contain "engine_check")
# PRISMA_SCHEMA_ENGINE_BINARY  engine under test (default: the stand-in)
# KEEP_TMP=1       keep the work directory (schema, migrations, outputs)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PG_URL=${CHECK_PG_URL:-postgresql://postgres@127.0.0.1:5432}
PREFIX=${CHECK_DB_PREFIX:-rubrica_engine_check}
case $PREFIX in
  *engine_check*) ;;
  *) echo "CHECK_DB_PREFIX must contain 'engine_check' (got '$PREFIX')" >&2; exit 2 ;;
esac
export PRISMA_SCHEMA_ENGINE_BINARY=${PRISMA_SCHEMA_ENGINE_BINARY:-$ROOT/tools/schema-engine/schema-engine.mjs}
MAIN=$PREFIX FRESH=${PREFIX}_fresh PUSH=${PREFIX}_push

WORK=$(mktemp -d "${TMPDIR:-/tmp}/schema-engine-check.XXXXXX")
ln -s "$ROOT/node_modules" "$WORK/node_modules" # for prisma/config, pg and the generated client
cd "$WORK"

url() { echo "${PG_URL%/}/$1"; }

# sql <database> <statement>: prints the rows of the last result, tab-separated.
sql() {
  node -e '
    const { Client } = require("pg")
    const client = new Client({ connectionString: process.argv[1] })
    client.connect()
      .then(() => client.query(process.argv[2]))
      .then((result) => { for (const row of [result].flat().at(-1).rows ?? []) console.log(Object.values(row).join("\t")) })
      .finally(() => client.end())
      .catch((error) => { console.error(error.message); process.exit(1) })
  ' "$(url "$1")" "$2"
}

drop_databases() {
  for db in "$MAIN" "$FRESH" "$PUSH"; do sql postgres "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null; done
}

cleanup() {
  wait # for steps still running in the background after a failure
  drop_databases || true
  if [[ ${KEEP_TMP:-} == 1 ]]; then echo "work directory kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }

# step <name> <prisma args...>: runs the CLI through the project wrapper, output
# in $OUT; prints one line when done (steps may run side by side).
step() {
  local name=$1 started=$SECONDS
  shift
  if ! OUT=$(node "$ROOT/scripts/prisma.mjs" "$@" --config prisma.config.ts 2>&1); then
    printf '%s\n' "$OUT" >&2
    fail "$name"
  fi
  printf '%-40s ok (%ss)\n' "$name" $((SECONDS - started))
}

# wait_for <pid>...: waits for background steps; fails if any failed.
wait_for() {
  local pid failed=0
  for pid in "$@"; do wait "$pid" || failed=1; done
  ((failed == 0)) || fail "see above"
}

expect() { grep -qE -- "$1" <<<"$OUT" || { printf '%s\n' "$OUT" >&2; fail "output lacks /$1/"; }; }
expect_eq() { [[ $1 == "$2" ]] || fail "$3: expected '$2', got '$1'"; }

cat >prisma.config.ts <<'EOF'
import { defineConfig, env } from "prisma/config";

export default defineConfig({
  schema: "schema.prisma",
  migrations: { path: "migrations" },
  datasource: { url: env("DATABASE_URL") },
});
EOF

# write_schema [v2]: the test schema; v2 adds a model, a column, an enum value.
write_schema() {
  local v2=${1:-}
  cat >schema.prisma <<EOF
generator client {
  provider = "prisma-client"
  output   = "./generated"
}

datasource db {
  provider = "postgresql"
}

enum Role {
  ADMIN
  TEACHER
  STUDENT
}

enum SubmissionStatus {
  DRAFT
  SUBMITTED
  GRADED
$([[ $v2 ]] && echo '  RETURNED')
}

model User {
  id          String       @id @default(uuid()) @db.Uuid
  email       String       @unique @db.VarChar(320)
  name        String?
  role        Role         @default(STUDENT)
  preferences Json         @default("{}")
  tags        String[]
  createdAt   DateTime     @default(now())
  updatedAt   DateTime     @updatedAt
  managerId   String?      @db.Uuid
  manager     User?        @relation("Management", fields: [managerId], references: [id], onDelete: SetNull)
  reports     User[]       @relation("Management")
  courses     Course[]
  enrollments Enrollment[]
  submissions Submission[]
$([[ $v2 ]] && echo '  locale      String       @default("it") @db.VarChar(8)')
$([[ $v2 ]] && echo '  comments    Comment[]')

  @@index([role, createdAt])
}

model Course {
  id          Int          @id @default(autoincrement())
  code        String
  term        String
  title       String
  ownerId     String       @db.Uuid
  owner       User         @relation(fields: [ownerId], references: [id], onDelete: Cascade)
  enrollments Enrollment[]
  rubrics     Rubric[]

  @@unique([code, term])
}

model Enrollment {
  userId   String   @db.Uuid
  courseId Int
  user     User     @relation(fields: [userId], references: [id], onDelete: Cascade)
  course   Course   @relation(fields: [courseId], references: [id], onDelete: Cascade)
  joinedAt DateTime @default(now()) @db.Timestamptz(3)

  @@id([userId, courseId])
}

model Rubric {
  id          BigInt       @id @default(autoincrement())
  courseId    Int
  course      Course       @relation(fields: [courseId], references: [id])
  criteria    Json
  maxScore    Decimal      @db.Decimal(6, 2)
  submissions Submission[]

  @@index([courseId])
}

model Submission {
  id          BigInt           @id @default(autoincrement())
  rubricId    BigInt
  rubric      Rubric           @relation(fields: [rubricId], references: [id])
  authorId    String           @db.Uuid
  author      User             @relation(fields: [authorId], references: [id])
  status      SubmissionStatus @default(DRAFT)
  sizeBytes   BigInt           @default(0)
  payload     Json?
  submittedAt DateTime?
$([[ $v2 ]] && echo '  comments    Comment[]')

  @@unique([rubricId, authorId])
  @@index([status, submittedAt(sort: Desc)])
}
EOF
  [[ $v2 ]] && cat >>schema.prisma <<'EOF'

model Comment {
  id           Int        @id @default(autoincrement())
  submissionId BigInt
  submission   Submission @relation(fields: [submissionId], references: [id], onDelete: Cascade)
  authorId     String     @db.Uuid
  author       User       @relation(fields: [authorId], references: [id])
  body         String
  createdAt    DateTime   @default(now())

  @@index([submissionId, createdAt])
}
EOF
  return 0
}

drop_databases
write_schema
export DATABASE_URL
DATABASE_URL=$(url "$MAIN")

# Steps that do not depend on each other run side by side, to stay well
# within a CI time budget.
(
  step "--version" --version
  expect 'Schema Engine +: schema-engine-cli [0-9a-f]{40}'
) &
VERSION_PID=$!
(
  step "generate" generate
  [[ -d generated ]] || fail "no client generated"
) &
GENERATE_PID=$!

step "migrate dev --name init (creates db)" migrate dev --name init
expect 'created at'
INIT=$(ls -d migrations/*_init)
grep -q 'CREATE TABLE "Submission"' "$INIT/migration.sql" || fail "init migration lacks CREATE TABLE"
expect_eq "$(sql "$MAIN" 'SELECT count(*) FROM _prisma_migrations')" 1 "applied migrations"
wait_for "$VERSION_PID" "$GENERATE_PID"

# A hand-written migration, pending when the next migrate dev runs, with ';'
# inside a function body and a DO block.
PLPGSQL=migrations/$(basename "$INIT" | cut -d_ -f1)_plpgsql
mkdir "$PLPGSQL"
cat >"$PLPGSQL/migration.sql" <<'EOF'
CREATE FUNCTION touch_updated_at() RETURNS trigger AS $$
BEGIN
  NEW."updatedAt" := now();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DO $$
BEGIN
  PERFORM 1;
  RAISE NOTICE 'a; b';
END;
$$;
EOF

# Data in the main database must survive migrate dev: the shadow database
# it uses has to be another one.
sql "$MAIN" "INSERT INTO \"User\" (id, email, \"updatedAt\") VALUES (gen_random_uuid(), 'keep@example.com', now())" >/dev/null
write_schema v2
step "migrate dev --name second" migrate dev --name second
expect "$(basename "$PLPGSQL")"
SECOND=$(ls -d migrations/*_second)
grep -q 'ALTER TABLE "User" ADD COLUMN' "$SECOND/migration.sql" || fail "second migration lacks ALTER TABLE"
grep -q 'CREATE TABLE "Comment"' "$SECOND/migration.sql" || fail "second migration lacks CREATE TABLE"
expect_eq "$(sql "$MAIN" 'SELECT email FROM "User"')" keep@example.com "main database data after migrate dev"
expect_eq "$(sql "$MAIN" "SELECT count(*) FROM pg_proc WHERE proname = 'touch_updated_at'")" 1 "function from migration"

# From here on each group works on its own database.
(
  step "migrate status" migrate status
  expect 'Database schema is up to date'
  step "migrate reset --force" migrate reset --force
  expect_eq "$(sql "$MAIN" 'SELECT count(*) FROM "User"')" 0 "rows after reset"
  expect_eq "$(sql "$MAIN" 'SELECT count(*) FROM _prisma_migrations')" 3 "migrations after reset"
) &
MAIN_PID=$!
(
  DATABASE_URL=$(url "$FRESH")
  step "migrate deploy (fresh db)" migrate deploy
  expect_eq "$(sql "$FRESH" 'SELECT count(*) FROM _prisma_migrations WHERE finished_at IS NOT NULL')" 3 "migrations applied to fresh db"
  step "migrate diff --from-empty --script" migrate diff --from-empty --to-schema schema.prisma --script
  expect '^CREATE TABLE "Comment"'
  # Replays the migrations in a shadow database.
  step "migrate diff --from-migrations" migrate diff --from-migrations migrations --to-schema schema.prisma --exit-code
  expect 'No difference detected'
) &
FRESH_PID=$!
(
  DATABASE_URL=$(url "$PUSH")
  step "db push (creates db)" db push
  expect_eq "$(sql "$PUSH" "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'")" 6 "tables after db push"
) &
PUSH_PID=$!
wait_for "$MAIN_PID" "$FRESH_PID" "$PUSH_PID"

echo "schema-engine check passed in ${SECONDS}s"
