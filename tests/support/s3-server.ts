import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "@/lib/storage/s3-store";

/**
 * An S3-compatible server of the test's own (s3rver, from npm: it runs here with no network and keeps its objects as
 * files in a temporary directory), on a free loopback port, with one empty bucket. s3rver checks request signatures
 * against its fixed credentials S3RVER/S3RVER.
 */
export async function startS3Server(bucket = "rubrica") {
  const directory = await mkdtemp(path.join(tmpdir(), "rubrica-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket,
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  };
  /** The same settings as the product reads them (STORAGE_DRIVER=s3). */
  const env = {
    STORAGE_DRIVER: "s3",
    S3_BUCKET: bucket,
    S3_REGION: settings.region,
    S3_ENDPOINT: settings.endpoint!,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  };
  return {
    settings,
    env,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
