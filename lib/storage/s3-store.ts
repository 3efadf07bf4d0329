import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { checkStorageKey, isStorageKey } from "./keys";
import { ObjectMissing, type ObjectStore } from "./storage";

export type S3Settings = {
  bucket: string;
  region: string;
  /** Another S3-compatible store (MinIO, Ceph, Garage…); unset: AWS itself. */
  endpoint?: string;
  /** bucket in the path (http://host/bucket/key) instead of the host name: what most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (instance role, AWS_* variables, shared files). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

function notFound(error: unknown): boolean {
  const named = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return named.name === "NoSuchKey" || named.name === "NotFound" || named.$metadata?.httpStatusCode === 404;
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: the SDK's default (a CRC trailer on every upload) is not understood by
    // every S3-compatible store, and the envelope's GCM tag already proves each object whole.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/** Objects in one bucket, each under its storage key. */
export function s3Store(client: S3Client, bucket: string): ObjectStore {
  return {
    async write(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: checkStorageKey(key), Body: bytes, ContentLength: bytes.byteLength }));
    },
    async read(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkStorageKey(key) }));
        return await answer.Body!.transformToByteArray();
      } catch (error) {
        if (notFound(error)) throw new ObjectMissing(key);
        throw error;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checkStorageKey(key) }));
        return true;
      } catch (error) {
        if (notFound(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkStorageKey(key) }));
    },
    async *keys() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key && isStorageKey(object.Key)) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
