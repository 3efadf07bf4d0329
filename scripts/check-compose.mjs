#!/usr/bin/env node
// Checks docker-compose.yml and the Dockerfile where no container engine runs (scripts/check-image.sh): the stack
// the README promises. Usage: node scripts/check-compose.mjs docker-compose.yml Dockerfile [--commands]
// With --commands it prints, after checking, the migrate, web and worker services' commands, the environment each
// container would get (see containerEnvironment below) and their volumes, as JSON (check-image.sh starts them in order).
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parse as parseDotenv } from "dotenv";
import { parse } from "yaml";

const [composePath = "docker-compose.yml", dockerfilePath = "Dockerfile", flag] = process.argv.slice(2);
const compose = parse(readFileSync(composePath, "utf8"), { merge: true });
const dockerfile = readFileSync(dockerfilePath, "utf8");
const problems = [];
const expect = (condition, message) => {
  if (!condition) problems.push(message);
};

const services = compose.services ?? {};
const app = ["migrate", "web", "worker"];
for (const name of ["postgres", "redis", "chain", ...app]) expect(services[name], `service ${name} is missing`);

for (const [name, service] of Object.entries(services)) {
  const oneShot = name === "migrate";
  expect(
    oneShot ? ["no", "on-failure"].includes(String(service.restart)) : ["always", "unless-stopped"].includes(service.restart),
    `${name}: restart policy ${String(service.restart)}`,
  );
  if (!oneShot) {
    const test = service.healthcheck?.test;
    expect(Array.isArray(test) && test.length > 1 && !service.healthcheck.disable, `${name}: no healthcheck`);
  }
}

const dependsOn = (name, on, condition) =>
  expect(services[name]?.depends_on?.[on]?.condition === condition, `${name} must depend on ${on} with condition ${condition}`);
dependsOn("migrate", "postgres", "service_healthy");
for (const name of ["web", "worker"]) {
  dependsOn(name, "migrate", "service_completed_successfully");
  dependsOn(name, "redis", "service_healthy");
  dependsOn(name, "postgres", "service_healthy");
}

const command = (name) => (Array.isArray(services[name]?.command) ? services[name].command : []);
expect(command("migrate").join(" ") === "node scripts/prisma.mjs migrate deploy", "migrate must run `migrate deploy` (never seed or dev)");
expect(command("web").includes("server.ts"), "web must run server.ts");
expect(command("worker").includes("workers/index.ts"), "worker must run workers/index.ts");
for (const name of ["web", "worker"]) {
  const line = command(name).join(" ");
  expect(!/\b(dev|watch)\b/.test(line), `${name} runs in development mode: ${line}`);
}

for (const name of app) {
  const service = services[name] ?? {};
  const environment = service.environment ?? {};
  expect(environment.NODE_ENV === "production", `${name}: NODE_ENV must be production`);
  expect(
    environment.STORAGE_DIR && (service.volumes ?? []).includes(`storage:${environment.STORAGE_DIR}`),
    `${name}: the storage volume at STORAGE_DIR`,
  );
  expect(
    (service.env_file ?? []).some((entry) => (typeof entry === "string" ? entry : entry.path) === ".env"),
    `${name}: settings from .env (env_file)`,
  );
  for (const secret of ["AUTH_SECRET", "DATA_ENCRYPTION_KEY"])
    expect(String(environment[secret] ?? "").includes(`\${${secret}:?`), `${name}: ${secret} must be required from the environment`);
  expect(service.build === "." || service.build?.context === ".", `${name}: built from this Dockerfile`);
}
expect(
  ["/api/ready", "/api/health"].some((path) => JSON.stringify(services.web?.healthcheck?.test ?? []).includes(path)),
  "web: healthcheck on /api/ready or /api/health",
);
expect((services.chain?.profiles ?? []).includes("dev"), "chain: only under the dev profile");
expect(
  (services.redis?.volumes ?? []).some((v) => /^[\w-]+:\/data$/.test(v)),
  "redis: a named volume on /data",
);
expect(command("redis").join(" ").includes("--appendonly yes"), "redis: append-only persistence");
expect(
  (services.postgres?.volumes ?? []).some((v) => /^[\w-]+:\/var\/lib\/postgresql\/data$/.test(v)),
  "postgres: a named volume",
);
for (const volume of ["postgres-data", "redis-data", "storage"])
  expect(volume in (compose.volumes ?? {}), `volume ${volume} is not declared`);

// The Dockerfile: multi-stage, ffmpeg and a non-root user in the stage that runs.
const stages = dockerfile.split(/^FROM /m).slice(1);
const last = stages.at(-1) ?? "";
expect(stages.length >= 2, "Dockerfile: multi-stage");
expect(/apt-get install[^\n]*(\\\n[^\n]*)*ffmpeg/.test(last), "Dockerfile: ffmpeg in the runtime stage");
const user = /^USER\s+(\S+)/m.exec(last)?.[1];
expect(user && user !== "root" && user !== "0", "Dockerfile: the runtime stage runs as a non-root USER");
expect(/^ENV\s+NODE_ENV=production/m.test(last), "Dockerfile: NODE_ENV=production in the runtime stage");
expect(!/^(ARG|ENV)\s+(DATABASE_URL|AUTH_SECRET|DATA_ENCRYPTION_KEY)\b/m.test(dockerfile), "Dockerfile: no setting or secret baked in");

if (problems.length > 0) {
  console.error(`${composePath} / ${dockerfilePath}:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
if (flag === "--commands") {
  try {
    console.log(
      JSON.stringify(
        Object.fromEntries(
          app.map((name) => [
            name,
            { command: command(name), environment: containerEnvironment(name), volumes: services[name].volumes ?? [] },
          ]),
        ),
      ),
    );
  } catch (error) {
    console.error(`${composePath}: ${error.message}`);
    process.exit(1);
  }
} else {
  console.log(`check-compose: ${Object.keys(services).length} services checked`);
}

/**
 * The environment `docker compose up` gives a service's container, made as compose makes it: the image's ENV (the
 * Dockerfile's last stage and the stages it is built FROM), then the service's env_file files (relative to the compose
 * file; `required: false` ones may be missing), then its `environment`, interpolated with the variables of the .env
 * beside the compose file and of this process (which win), as compose does: ${X}, $X, ${X:-default}, ${X-default},
 * ${X:?error} (refused when unset or empty), ${X?error}, ${X:+other}, ${X+other} and $$.
 */
function containerEnvironment(name) {
  const service = services[name];
  const here = dirname(resolve(composePath));
  const dotenvOf = (path) => (existsSync(path) ? parseDotenv(readFileSync(path)) : null);
  const variables = { ...dotenvOf(resolve(here, ".env")), ...process.env };
  const interpolate = (value, key) =>
    String(value).replace(
      /\$\$|\$\{([A-Za-z_]\w*)(?:(:?)([-?+])([^}]*))?\}|\$([A-Za-z_]\w*)/g,
      (match, braced, colon, operator, word, bare) => {
        if (match === "$$") return "$";
        const variable = braced ?? bare;
        const value = variables[variable];
        const set = colon ? value !== undefined && value !== "" : value !== undefined;
        if (operator === "-") return set ? value : word;
        if (operator === "+") return set ? word : "";
        if (operator === "?" && !set) throw new Error(`${name}: ${key} needs ${variable} (${word || "required"})`);
        return value ?? "";
      },
    );
  const fromFiles = (service.env_file ?? []).map((entry) => {
    const { path, required = true } = typeof entry === "string" ? { path: entry } : entry;
    const found = dotenvOf(resolve(here, path));
    if (!found && required) throw new Error(`${name}: env_file ${path} is missing`);
    return found ?? {};
  });
  const environment = Array.isArray(service.environment)
    ? Object.fromEntries(service.environment.map((entry) => [entry.split("=")[0], entry.split("=").slice(1).join("=")]))
    : (service.environment ?? {});
  return {
    ...imageEnvironment(),
    ...Object.assign({}, ...fromFiles),
    ...Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, interpolate(value ?? "", key)])),
  };
}

/** The ENV lines (KEY=value form) of the Dockerfile's last stage and of the stages it is built FROM. */
function imageEnvironment() {
  const stages = dockerfile.split(/^(?=FROM )/m).filter((stage) => stage.startsWith("FROM "));
  const stageNamed = (stageName) => stages.find((stage) => new RegExp(`^FROM \\S+ AS ${stageName}\\s`, "i").test(stage));
  const chain = [];
  for (let stage = stages.at(-1); stage && !chain.includes(stage); stage = stageNamed(/^FROM (\S+)/.exec(stage)[1])) chain.unshift(stage);
  const found = {};
  for (const stage of chain)
    for (const [, pairs] of stage.matchAll(/^ENV\s+(.+)$/gm))
      for (const [, key, value] of pairs.matchAll(/([A-Za-z_]\w*)=("[^"]*"|\S*)/g)) found[key] = value.replace(/^"(.*)"$/, "$1");
  return found;
}
