import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildMerkleTree, leafHash, merkleProof, merkleProofJson, verifyMerkleProof } from "@/lib/stamping/merkle";

const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const h = (...parts: Buffer[]) => createHash("sha256").update(Buffer.concat(parts)).digest();
const hashes = (n: number) => Array.from({ length: n }, (_, i) => sha(`evidencia-${i}`));
const nth = (list: readonly string[], i: number): string => list[i] ?? "";

describe("Merkle tree over evidence hashes", () => {
  it("computes the documented root for three leaves (odd node promoted, 0x00/0x01 prefixes)", () => {
    const [a, b, c] = hashes(3) as [string, string, string];
    const leaf = (x: string) => h(Buffer.from([0]), Buffer.from(x, "hex"));
    const expected = h(Buffer.from([1]), h(Buffer.from([1]), leaf(a), leaf(b)), leaf(c)).toString("hex");
    expect(buildMerkleTree([a, b, c]).root).toBe(expected);
    expect(leafHash(a)).toBe(leaf(a).toString("hex"));
  });

  it("a single leaf's root is its leaf hash and its proof is empty", () => {
    const [a] = hashes(1) as [string];
    const tree = buildMerkleTree([a]);
    expect(tree.root).toBe(leafHash(a));
    expect(merkleProof(tree, 0).path).toEqual([]);
    expect(verifyMerkleProof(a, merkleProof(tree, 0), tree.root)).toBe(true);
  });

  it("refuses an empty tree and a value that is not a SHA-256 hash", () => {
    expect(() => buildMerkleTree([])).toThrow();
    expect(() => buildMerkleTree(["abc"])).toThrow();
  });

  for (const n of [2, 3, 5, 7, 8, 13, 100, 1001]) {
    it(`every proof of a ${n}-leaf tree verifies, and only at its own leaf`, () => {
      const list = hashes(n);
      const tree = buildMerkleTree(list);
      for (let i = 0; i < n; i++) {
        const proof = merkleProof(tree, i);
        expect(proof.root).toBe(tree.root);
        expect(verifyMerkleProof(nth(list, i), proof, tree.root)).toBe(true);
        expect(verifyMerkleProof(nth(list, (i + 1) % n), proof, tree.root)).toBe(false);
      }
    });
  }

  it("duplicating the last leaf changes the root (no self-pairing)", () => {
    const list = hashes(3);
    expect(buildMerkleTree([...list, nth(list, 2)]).root).not.toBe(buildMerkleTree(list).root);
  });

  it("a tampered proof, leaf, side or root fails", () => {
    const list = hashes(7);
    const tree = buildMerkleTree(list);
    const proof = merkleProof(tree, 4);
    expect(verifyMerkleProof(nth(list, 4), proof, tree.root)).toBe(true);

    const flipped = proof.path.map((step, i) =>
      i === 0 ? { ...step, hash: step.hash.replace(/^./, (c) => (c === "0" ? "1" : "0")) } : step,
    );
    expect(verifyMerkleProof(nth(list, 4), { path: flipped }, tree.root)).toBe(false);
    const swapped = proof.path.map((step, i) =>
      i === 1 ? { ...step, position: step.position === "left" ? ("right" as const) : ("left" as const) } : step,
    );
    expect(verifyMerkleProof(nth(list, 4), { path: swapped }, tree.root)).toBe(false);
    expect(verifyMerkleProof(nth(list, 4), { path: proof.path.slice(1) }, tree.root)).toBe(false);
    expect(verifyMerkleProof(sha("otra"), proof, tree.root)).toBe(false);
    expect(verifyMerkleProof(nth(list, 4), proof, buildMerkleTree(list.slice(0, 6)).root)).toBe(false);
    expect(verifyMerkleProof(nth(list, 4), { path: [{ position: "middle" as "left", hash: "zz" }] }, tree.root)).toBe(false);
  });

  it("the root depends on leaf order", () => {
    const list = hashes(4);
    expect(buildMerkleTree([nth(list, 1), nth(list, 0), nth(list, 2), nth(list, 3)]).root).not.toBe(buildMerkleTree(list).root);
  });

  it("the proofs' JSON text is exactly JSON.stringify of merkleProof with the extra members, for every leaf of odd and even trees", () => {
    for (const size of [1, 2, 3, 7, 8, 13, 100]) {
      const list = hashes(size);
      const tree = buildMerkleTree(list);
      const proofJson = merkleProofJson(tree);
      for (let i = 0; i < size; i++) {
        expect(proofJson(i)).toBe(JSON.stringify(merkleProof(tree, i)));
        expect(proofJson(i, { evidenceSha256: nth(list, i) })).toBe(
          JSON.stringify({ ...merkleProof(tree, i), evidenceSha256: nth(list, i) }),
        );
      }
      expect(() => proofJson(size)).toThrow(`No leaf ${size}`);
      expect(() => proofJson(-1)).toThrow("No leaf -1");
    }
  });

  it("the longest proof has ⌈log2 n⌉ steps (17 for a batch of 100,000: bench/stamping.ts builds that one)", () => {
    for (const [size, steps] of [
      [2, 1],
      [3, 2],
      [4, 2],
      [5, 3],
      [16, 4],
      [17, 5],
      [1000, 10],
      [1024, 10],
      [1025, 11],
    ] as const) {
      const tree = buildMerkleTree(hashes(size));
      const lengths = Array.from({ length: size }, (_, i) => merkleProof(tree, i).path.length);
      expect(Math.max(...lengths)).toBe(steps);
      expect(Math.ceil(Math.log2(size))).toBe(steps);
      // Leaf 0 has a sibling on every level of two nodes or more: its proof is a longest one.
      expect(lengths[0]).toBe(steps);
    }
  });
});
