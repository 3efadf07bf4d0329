import { z } from "zod";
import { answer, apiErrorShape } from "../registry";
import { cartesianInput } from "@/lib/security/cartesian-coordinates";
import { operationGroup } from "./common";

// The helper layer (spec §1 "geolocation capture, image stamping and key exchange"; §7 /security/*,
// /signprocess/getFileByName). Public; a failure answers result 0 with a description (spec §8).

const helperFailure = {
  // Spec §8's helper answer, over the one error shape.
  schema: z.looseObject({
    result: z.literal(0),
    ...apiErrorShape,
    description: z
      .string()
      .describe("The failure in the caller's language (Accept-Language or the locale cookie): the same text as message"),
  }),
  component: "HelperFailure",
};

const publicKey = z.object({
  result: z.literal(1),
  keyId: z.string().describe("Send it back as `keyId` with what was sealed with this key"),
  algorithm: z.literal("RSA-OAEP-256").describe("RSA-OAEP with SHA-256 (hash and MGF1)"),
  modulusLength: z.literal(2048),
  publicExponent: z.literal(65537),
  publicKey: z.string().describe("SPKI, PEM"),
  publicKeyDer: z.string().describe("SPKI, DER in base64 (WebCrypto importKey('spki'))"),
  createdAt: z.string().describe("When the key was made (ISO 8601)"),
});

const coordinates = z.object({
  result: z.literal(1),
  abscisa: z.string().describe("x, lowercase hex of the field size (zero-padded, big-endian)"),
  ordenada: z.string().describe("y, lowercase hex of the field size (zero-padded, big-endian)"),
  curve: z.enum(["P-256", "P-384", "P-521", "secp256k1"]),
  encoding: z.literal("hex"),
});

const file = z.object({
  result: z.literal(1),
  fileName: z.string(),
  base64File: z.string().describe("The file's bytes in base64"),
  mimeType: z.string().describe("image/png, image/jpeg, image/gif, image/webp or image/svg+xml"),
  isDefault: z.boolean().describe("True when the organisation has no logo and Rúbrica's is sent"),
});

export const securityOperations = operationGroup(
  "Helpers",
  "public",
)({
  getPublicKey: {
    method: "get",
    path: "/api/security/getPublicKey",
    errorShape: "helper",
    tenancy: "public",
    summary: "The server's RSA public key (2048 bits, e=65537) for key exchange",
    description:
      "Seal evidence for POST /api/signprocess/{id}/evidence with it: encrypt the file with a random AES-256-GCM key and 12-byte IV (tag appended), wrap the AES key with RSA-OAEP-256, and send `keyId`, `encryptedKey` (base64), `iv` (base64) with the ciphertext as `file`. After a rotation the previous key still opens uploads for a day.",
    responses: answer("The current key", { schema: publicKey, component: "ServerPublicKey" }),
    errorBodies: { 500: helperFailure },
  },
  getCartesianCoordinates: {
    method: "post",
    path: "/api/security/getCartesianCoordinates",
    errorShape: "helper",
    tenancy: "public",
    summary: "The affine coordinates (abscisa = x, ordenada = y) of an elliptic-curve public key",
    description:
      "publicKey: SPKI as PEM, base64 or hex DER; an EC JWK as JSON; or a bare point in hex or base64 (04‖x‖y, x‖y, or compressed 02/03‖x). Curves P-256, P-384, P-521 and secp256k1. The path with a trailing slash (as the specification writes it) is redirected here with 308, keeping the body.",
    body: { schema: cartesianInput, component: "CartesianCoordinatesInput" },
    responses: answer("x and y in hex", { schema: coordinates, component: "CartesianCoordinates" }),
    errorBodies: { 400: helperFailure },
    errorNotes: {
      400: "Not a public key, not on its curve, an unsupported key type, or a compressed point whose curve must be named (result 0)",
    },
  },
  getFileByName: {
    method: "get",
    path: "/api/signprocess/getFileByName/{name}",
    errorShape: "helper",
    tenancy: "public",
    summary: "A file signer pages load by name: the organisation's logo, `logo-{organizationHexId}`",
    pathParams: z.object({ name: z.string().describe("logo-{organizationHexId}, as getSignatureProcess gives it in logoOrganization") }),
    responses: answer("The file in base64", { schema: file, component: "FileByName" }),
    errorBodies: { 400: helperFailure, 404: helperFailure },
  },
});
