import { createPublicKey, ECDH, type JsonWebKey, type KeyObject } from "node:crypto";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";

// POST /security/getCartesianCoordinates/ (spec §7): an elliptic-curve public key in, its point's
// affine coordinates out, x as `abscisa` and y as `ordenada`, each as lowercase hex of the curve's
// field size (zero-padded, big-endian: the bytes of the uncompressed point without its 04 prefix).

/** The curves understood, by their JOSE names, with OpenSSL's name and the field size in bytes. */
const curves = {
  "P-256": { openssl: "prime256v1", bytes: 32 },
  "P-384": { openssl: "secp384r1", bytes: 48 },
  "P-521": { openssl: "secp521r1", bytes: 66 },
  secp256k1: { openssl: "secp256k1", bytes: 32 },
} as const;

export type CurveName = keyof typeof curves;

const aliases: Record<string, CurveName> = {
  "p-256": "P-256",
  p256: "P-256",
  prime256v1: "P-256",
  secp256r1: "P-256",
  "p-384": "P-384",
  p384: "P-384",
  secp384r1: "P-384",
  "p-521": "P-521",
  p521: "P-521",
  secp521r1: "P-521",
  secp256k1: "secp256k1",
};

export function curveNamed(name: string): CurveName | null {
  return aliases[name.trim().toLowerCase()] ?? null;
}

export const cartesianInput = z.object({
  /** SPKI as PEM, base64 or hex DER; an EC JWK as JSON; or a raw point in hex or base64 (04‖x‖y, x‖y, or compressed 02/03‖x). */
  publicKey: z.string().trim().min(1, "EMPTY_FIELD").max(8192, "PUBLIC_KEY_INVALID"),
  /** Only for a raw point whose size fits two curves (a compressed 256-bit point): P-256 or secp256k1. */
  curve: z
    .string()
    .max(32)
    .refine((name) => curveNamed(name) !== null, "PUBLIC_KEY_UNSUPPORTED")
    .optional(),
});

export type CartesianCoordinates = { result: 1; abscisa: string; ordenada: string; curve: CurveName; encoding: "hex" };

const invalid = () => new AppError("PUBLIC_KEY_INVALID");

function fromKeyObject(key: KeyObject): CartesianCoordinates {
  if (key.type !== "public" || key.asymmetricKeyType !== "ec") throw new AppError("PUBLIC_KEY_UNSUPPORTED");
  const curve = Object.entries(curves).find(([, c]) => c.openssl === key.asymmetricKeyDetails?.namedCurve)?.[0] as CurveName | undefined;
  if (!curve) throw new AppError("PUBLIC_KEY_UNSUPPORTED");
  const jwk = key.export({ format: "jwk" });
  const hex = (value: string | undefined) =>
    Buffer.from(value ?? "", "base64url")
      .toString("hex")
      .padStart(curves[curve].bytes * 2, "0");
  return { result: 1, abscisa: hex(jwk.x), ordenada: hex(jwk.y), curve, encoding: "hex" };
}

function spki(der: Buffer): CartesianCoordinates {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: der, format: "der", type: "spki" });
  } catch {
    throw invalid();
  }
  return fromKeyObject(key);
}

/** A bare point: its size says the field, the curve equation which curve of that size it lies on. */
function rawPoint(bytes: Buffer, wanted: CurveName | null): CartesianCoordinates {
  const candidates = (wanted ? [wanted] : (Object.keys(curves) as CurveName[])).filter((name) => {
    const n = curves[name].bytes;
    return (
      bytes.length === 2 * n ||
      (bytes.length === 2 * n + 1 && bytes[0] === 4) ||
      (bytes.length === n + 1 && (bytes[0] === 2 || bytes[0] === 3))
    );
  });
  const point = (n: number) => (bytes.length === 2 * n ? Buffer.concat([Buffer.from([4]), bytes]) : bytes);
  const found = candidates.flatMap((name) => {
    try {
      return [
        {
          name,
          uncompressed: ECDH.convertKey(point(curves[name].bytes), curves[name].openssl, undefined, undefined, "uncompressed") as Buffer,
        },
      ];
    } catch {
      // not a point of this curve
      return [];
    }
  });
  if (found.length === 0) throw invalid();
  if (found.length > 1) throw new AppError("PUBLIC_KEY_CURVE_REQUIRED");
  const { name, uncompressed } = found[0]!;
  const n = curves[name].bytes;
  return {
    result: 1,
    abscisa: uncompressed.subarray(1, 1 + n).toString("hex"),
    ordenada: uncompressed.subarray(1 + n).toString("hex"),
    curve: name,
    encoding: "hex",
  };
}

function decodeBinary(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, "");
  const hex = compact.replace(/^0x/i, "");
  if (/^[0-9a-f]+$/i.test(hex) && hex.length % 2 === 0) return Buffer.from(hex, "hex");
  const b64 = compact.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  if (/^[A-Za-z0-9+/]+$/.test(b64) && b64.length % 4 !== 1) return Buffer.from(b64, "base64");
  return null;
}

/** The affine coordinates of an EC public key, given in any of the forms `cartesianInput` lists. */
export function cartesianCoordinates(raw: unknown): CartesianCoordinates {
  const input = cartesianInput.parse(raw);
  const text = input.publicKey;
  const wanted = input.curve ? curveNamed(input.curve) : null;
  if (text.startsWith("-----BEGIN")) {
    // Only a public key: a private key sent here by mistake is refused, not used.
    const match = /^-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----$/.exec(text);
    if (!match) throw invalid();
    return spki(Buffer.from(match[1]!.replace(/\s+/g, ""), "base64"));
  }
  if (text.startsWith("{")) {
    let jwk: JsonWebKey;
    try {
      jwk = JSON.parse(text) as JsonWebKey;
    } catch {
      throw invalid();
    }
    if (jwk.kty !== "EC" || typeof jwk.x !== "string" || typeof jwk.y !== "string" || typeof jwk.crv !== "string")
      throw new AppError("PUBLIC_KEY_UNSUPPORTED");
    try {
      return fromKeyObject(createPublicKey({ key: { kty: "EC", crv: jwk.crv, x: jwk.x, y: jwk.y }, format: "jwk" }));
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw invalid();
    }
  }
  const bytes = decodeBinary(text);
  if (!bytes || bytes.length === 0) throw invalid();
  // A DER SEQUENCE is an SPKI; anything else is taken as a bare point.
  return bytes[0] === 0x30 ? spki(bytes) : rawPoint(bytes, wanted);
}
