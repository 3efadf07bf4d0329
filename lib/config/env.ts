import { z } from "zod";

// Every variable the app and the worker read, validated once. .env.example documents each.
const schema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATABASE_URL: z.string().min(1),
  REDIS_URL: z.string().default("redis://127.0.0.1:6379"),
  APP_BASE_URL: z.string().url().default("http://localhost:3000"),
  PRODUCT: z
    .string()
    .regex(/^[a-z0-9]+$/)
    .default("rubrica"),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must hold at least 32 characters"),
  DATA_ENCRYPTION_KEY: z.string().regex(/^[0-9a-f]{64}$/, "DATA_ENCRYPTION_KEY must be 64 hex characters"),
  // The data keys DATA_ENCRYPTION_KEY replaced, still read (never written with) while scripts/rotate-data-key.ts runs.
  DATA_ENCRYPTION_PREVIOUS_KEYS: z
    .string()
    .regex(/^\s*[0-9a-f]{64}\s*(,\s*[0-9a-f]{64}\s*)*$/, "DATA_ENCRYPTION_PREVIOUS_KEYS must be 64-hex keys separated by commas")
    .optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Rúbrica <no-reply@rubrica.local>"),
  MAIL_OUTBOX_DIR: z.string().default("storage/outbox"),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_BASE_URL: z.string().url().optional(),
  STORAGE_DIR: z.string().default("storage"),
  // Where uploaded files and evidence are kept (lib/storage): the directory STORAGE_DIR, or an S3-compatible bucket.
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"], { error: 'S3_FORCE_PATH_STYLE must be "true" or "false"' })
    .default("false")
    .transform((value) => value === "true"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  DELIVERY_RETRY_DELAY_MS: z.coerce.number().int().positive().default(30_000),
  // Integrator callbacks to loopback and private networks in production (an on-premise receiver); read by
  // lib/callbacks/callback-url.ts as the raw string too, hence only "true" or "false".
  CALLBACK_ALLOW_PRIVATE_NETWORKS: z
    .enum(["true", "false"], { error: 'CALLBACK_ALLOW_PRIVATE_NETWORKS must be "true" or "false"' })
    .default("false")
    .transform((value) => value === "true"),
  // How long a worker's hold on a running job lasts without renewal: a job of a killed worker runs again about this long after.
  WORKER_LOCK_MS: z.coerce.number().int().min(1_000).default(30_000),
  // Threads the worker analyses faces on (lib/face/face-engine.ts startFaceThreads), each with its own models (~150 MB):
  // empty for one per core, at most 4; 0 analyses on the worker's main thread.
  FACE_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  // Threads the web server (server.ts) counts the faces of uploaded ID photos on, loaded at its start: empty for one,
  // 0 for its main thread (loaded on first use; an analysis then holds up the server's other requests).
  WEB_FACE_THREADS: z.coerce.number().int().min(0).max(4).optional(),
  // The reverse proxies whose X-Forwarded-For hop is believed (lib/http/client-address.ts, read by server.ts): empty
  // (none; the connection's address counts), a count of hops, or their addresses/CIDRs separated by commas.
  TRUSTED_PROXIES: z.string().optional(),
  // Sign-ins one client address may attempt in five minutes (an office behind one NAT may need more).
  LOGIN_IP_LIMIT: z.coerce.number().int().positive().default(100),
  // Sign-ins one account may attempt in five minutes, from anywhere.
  LOGIN_USER_LIMIT: z.coerce.number().int().positive().default(10),
  // Reverse geocoding of signer locations (lib/geo/reverse-geocode.ts): offline city data, or a Nominatim server.
  GEOCODER: z.enum(["offline", "nominatim"]).default("offline"),
  NOMINATIM_URL: z.string().url().optional(),
  NOMINATIM_TIMEOUT_MS: z.coerce.number().int().positive().default(3_000),
  // PDF signing (lib/pdf/credentials.ts): the platform's certificate and key as a PKCS#12 file or its base64,
  // and its password. Without either, a generated self-signed DEVELOPMENT certificate (not valid) signs.
  PDF_SIGNING_P12_PATH: z.string().optional(),
  PDF_SIGNING_P12_BASE64: z.string().optional(),
  PDF_SIGNING_P12_PASSWORD: z.string().optional(),
  // The platform's signer CA (lib/pdf/signer-ca.ts), which certifies each organisation's signing CA, which issues
  // each signer a short-lived certificate per signature: a PKCS#12 whose certificate is a CA (cA, keyCertSign).
  // Without either, a generated DEVELOPMENT CA (not valid) does.
  PDF_SIGNER_CA_P12_PATH: z.string().optional(),
  PDF_SIGNER_CA_P12_BASE64: z.string().optional(),
  PDF_SIGNER_CA_P12_PASSWORD: z.string().optional(),
  // RFC 3161 timestamp authority: with it every PDF signature is timestamped (PAdES B-T), without it B-B.
  PDF_SIGNING_TSA_URL: z.string().url().optional(),
  // Blockchain stamping of evidence hashes (lib/stamping/networks.ts): comma-separated networks, each
  // "local", "lacchain" or "rollux"; empty turns stamping off (evidence stays pending).
  STAMPING_NETWORKS: z.string().default(""),
  // The sender's key (0x + 64 hex), funded on every listed network. Without it, outside production, the
  // well-known hardhat development account #0 (for the local node only; it is public).
  STAMPING_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "STAMPING_PRIVATE_KEY must be 0x and 64 hex characters")
    .optional(),
  STAMPING_LOCAL_RPC_URL: z.string().url().default("http://127.0.0.1:8545"),
  STAMPING_LOCAL_CHAIN_ID: z.coerce.number().int().positive().default(31337),
  STAMPING_LOCAL_EXPLORER_URL: z.string().url().optional(),
  STAMPING_LACCHAIN_RPC_URL: z.string().url().optional(),
  STAMPING_LACCHAIN_CHAIN_ID: z.coerce.number().int().positive().default(648529),
  STAMPING_LACCHAIN_EXPLORER_URL: z.string().url().default("https://explorer.lacchain.net"),
  STAMPING_ROLLUX_RPC_URL: z.string().url().optional(),
  STAMPING_ROLLUX_CHAIN_ID: z.coerce.number().int().positive().default(570),
  STAMPING_ROLLUX_EXPLORER_URL: z.string().url().default("https://explorer.rollux.com"),
  // Evidences per Merkle batch (one transaction per network each), and how often the worker stamps.
  STAMPING_BATCH_SIZE: z.coerce.number().int().positive().max(100_000).default(1000),
  STAMPING_EVERY_MS: z.coerce.number().int().positive().default(60_000),
  // How long one run waits for a transaction's first confirmation before leaving it for the next run.
  STAMPING_CONFIRM_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  // How long the seal waits for the shipment's evidence to be stamped, so the audit certificate names the transactions.
  STAMPING_SEAL_WAIT_MS: z.coerce.number().int().nonnegative().default(90_000),
  // How long the public validation page waits for a network's node when it checks a stamp on chain.
  STAMPING_VERIFY_TIMEOUT_MS: z.coerce.number().int().positive().default(4_000),
  // The bearer token GET /api/metrics asks for (Prometheus' authorization credentials). Unset: nobody may read the metrics.
  METRICS_TOKEN: z.string().min(32, "METRICS_TOKEN must hold at least 32 characters").optional(),
  // How often each worker writes its heartbeat in Redis (lib/health/heartbeat.ts); /api/ready counts a worker gone
  // after three and a half of these without one. The web and the workers must have the same value.
  WORKER_HEARTBEAT_MS: z.coerce.number().int().min(100).default(10_000),
  // Log lines (lib/log/logger.ts, which reads them itself at first use): the least severe level written, and
  // human-readable lines instead of JSON only when LOG_PRETTY is "true".
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_PRETTY: z.enum(["true", "false"]).default("false"),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  // An empty assignment in .env (FOO=) means unset, not the empty string.
  if (!cached) cached = schema.parse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== "")));
  return cached;
}
