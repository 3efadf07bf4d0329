import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { dataKeyFingerprint, dataKeyring } from "@/lib/security/data-keys";
import { encryptSecret, reencryptSecret } from "@/lib/security/encryption";
import { open, rewrap, seal, sealedKeyId, UnknownDataKey } from "@/lib/storage/envelope";

const oldHex = randomBytes(32).toString("hex");
const newHex = randomBytes(32).toString("hex");
const old = dataKeyring(oldHex);
const both = dataKeyring(newHex, [oldHex]);
const plain = new Uint8Array(randomBytes(5_000));

describe("stored-object envelope", () => {
  it("names its data key by an id that is neither the key nor its whole fingerprint", () => {
    const sealed = seal(plain, old.current);
    expect(sealedKeyId(sealed)).toBe(old.current.id);
    expect(dataKeyFingerprint(oldHex)).toMatch(new RegExp(`^${old.current.id}[0-9a-f]{48}$`));
    expect(Buffer.from(sealed).includes(Buffer.from(oldHex, "hex"))).toBe(false);
    expect(sealed.byteLength).toBe(plain.byteLength + 88 + 16);
  });

  it("re-wraps by rewriting the header's 68 key bytes only, after which the old key alone opens nothing", () => {
    const sealed = seal(plain, old.current);
    const moved = rewrap(sealed, both, both.current);
    const changed = [...moved.keys()].filter((index) => moved[index] !== sealed[index]);
    expect(Math.min(...changed)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...changed)).toBeLessThan(76);
    expect(Buffer.from(open(moved, dataKeyring(newHex))).equals(Buffer.from(plain))).toBe(true);
    expect(() => open(moved, old)).toThrow(UnknownDataKey);
  });

  it("does not open when the header is made to name another configured key", () => {
    const sealed = seal(plain, old.current);
    const relabelled = Buffer.from(sealed);
    Buffer.from(both.current.id, "hex").copy(relabelled, 8);
    expect(() => open(relabelled, both)).toThrow(/authenticate/);
  });
});

describe("database secrets across a rotation", () => {
  it("opens a secret under a previous key and re-encrypts it under the current one; a current one is left as it is", () => {
    const configured = dataKeyring(process.env.DATA_ENCRYPTION_KEY!);
    const sealed = encryptSecret("JBSWY3DPEHPK3PXP");
    expect(reencryptSecret(sealed, configured)).toBe(sealed);
    const moved = reencryptSecret(sealed, dataKeyring(newHex, [process.env.DATA_ENCRYPTION_KEY!]))!;
    expect(moved).not.toBe(sealed);
    expect(reencryptSecret(moved, dataKeyring(newHex))).toBe(moved);
    expect(reencryptSecret(moved, configured)).toBe(null);
  });
});
