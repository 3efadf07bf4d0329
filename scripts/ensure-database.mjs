// Creates the database named by DATABASE_URL when it does not exist (a fresh machine has only
// postgres, root and test). Connects to the server's "postgres" database to do so.
import "dotenv/config";
import pg from "pg";

const url = new URL(process.env.DATABASE_URL ?? "");
const name = decodeURIComponent(url.pathname.slice(1));
if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unexpected database name "${name}"`);
url.pathname = "/postgres";
const client = new pg.Client({ connectionString: url.href });
await client.connect();
try {
  const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (!rowCount) {
    await client.query(`CREATE DATABASE "${name}"`);
    console.log(`Created database ${name}.`);
  }
} finally {
  await client.end();
}
