import path from "node:path";
import { fileURLToPath } from "node:url";
import { readEnvFile } from "../../support/env-file";

// The browser tests prepare accounts in the same database the app under test uses.
const root = fileURLToPath(new URL("../../..", import.meta.url));
Object.assign(process.env, readEnvFile(path.join(root, "tests/e2e/e2e.env")));
