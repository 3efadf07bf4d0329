import { hash } from "node:crypto";

/**
 * Merkle tree over evidence SHA-256 hashes (positional, RFC 6962 style):
 *
 * - leaf   = SHA-256(0x00 ‖ evidence sha256 bytes)
 * - node   = SHA-256(0x01 ‖ left ‖ right)
 * - a level with an odd count promotes its last node unchanged to the next level (it is never
 *   paired with itself, so [a, b, c] and [a, b, c, c] have different roots: no CVE-2012-2459 trick);
 * - leaves keep the order given (the stamping job uses evidence id order);
 * - a single leaf's root is its leaf hash; an empty tree has no root.
 *
 * The 0x00/0x01 prefixes keep a leaf from ever passing as an inner node. A proof is the list of
 * sibling hashes from the leaf up, each with the side it sits on; levels where the node was
 * promoted add no step. All hashes are lowercase hex without 0x.
 */

export const merkleAlgorithm = "sha256-rfc6962-promote-odd";

export type ProofStep = { position: "left" | "right"; hash: string };

export type MerkleProof = { algorithm: typeof merkleAlgorithm; index: number; leaf: string; root: string; path: ProofStep[] };

const hexHash = /^[0-9a-f]{64}$/;

// One-shot hashing: a batch of 100,000 evidences hashes 200,000 times.
function sha256(prefix: number, ...parts: Buffer[]): Buffer {
  const input = Buffer.allocUnsafe(1 + 32 * parts.length);
  input[0] = prefix;
  parts.forEach((part, i) => input.set(part, 1 + 32 * i));
  return hash("sha256", input, "buffer");
}

function hashBytes(hex: string): Buffer {
  const normalized = hex.toLowerCase().replace(/^0x/, "");
  if (!hexHash.test(normalized)) throw new Error(`Not a SHA-256 hex hash: ${hex}`);
  return Buffer.from(normalized, "hex");
}

/** The leaf hash of one evidence's SHA-256 (hex). */
export function leafHash(evidenceSha256: string): string {
  return leafBytes(evidenceSha256).toString("hex");
}

function leafBytes(evidenceSha256: string): Buffer {
  return sha256(0, hashBytes(evidenceSha256));
}

function nodeHash(left: Buffer, right: Buffer): Buffer {
  return sha256(1, left, right);
}

/** `hexLevels` are `levels` as hex, converted once: a proof takes its steps from them (100,000 proofs have 1.7 million steps). */
export type MerkleTree = { root: string; leaves: string[]; levels: Buffer[][]; hexLevels: string[][] };

function at<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new Error(`No element ${index}`);
  return value;
}

/** Builds the tree over evidence SHA-256 hashes (hex), in the order given. */
export function buildMerkleTree(evidenceHashes: readonly string[]): MerkleTree {
  if (evidenceHashes.length === 0) throw new Error("A Merkle tree needs at least one leaf");
  const levels: Buffer[][] = [evidenceHashes.map(leafBytes)];
  let level = at(levels, 0);
  while (level.length > 1) {
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? nodeHash(at(level, i), at(level, i + 1)) : at(level, i));
    levels.push(next);
    level = next;
  }
  const hexLevels = levels.map((nodes) => nodes.map((node) => node.toString("hex")));
  return { root: at(level, 0).toString("hex"), leaves: at(hexLevels, 0), levels, hexLevels };
}

/** The proof that leaf `index` is in the tree. */
export function merkleProof(tree: MerkleTree, index: number): MerkleProof {
  if (!Number.isInteger(index) || index < 0 || index >= tree.leaves.length) throw new Error(`No leaf ${index}`);
  const path: ProofStep[] = [];
  let position = index;
  for (let depth = 0; depth < tree.hexLevels.length - 1; depth++) {
    const level = at(tree.hexLevels, depth);
    const isRight = position % 2 === 1;
    const sibling = isRight ? position - 1 : position + 1;
    if (sibling < level.length) path.push({ position: isRight ? "left" : "right", hash: at(level, sibling) });
    position = Math.floor(position / 2);
  }
  return { algorithm: merkleAlgorithm, index, leaf: at(tree.leaves, index), root: tree.root, path };
}

/**
 * The proofs of `tree` as JSON text, made fast: `proofJson(index, extra)` is exactly
 * `JSON.stringify({ ...merkleProof(tree, index), ...extra })` for `extra` members other than the proof's own.
 * A batch of 100,000 evidences has 1.7 million proof steps: each node is turned into its step's text once,
 * here, not once for every proof that names it.
 */
export function merkleProofJson(tree: MerkleTree): (index: number, extra?: Record<string, string | number>) => string {
  // A node is a step of the proofs of its sibling's leaves, on the left when its own index is even.
  const steps = tree.hexLevels
    .slice(0, -1)
    .map((level) => level.map((hash, node) => `{"position":"${node % 2 === 0 ? "left" : "right"}","hash":"${hash}"}`));
  const head = `{"algorithm":${JSON.stringify(merkleAlgorithm)},"index":`;
  const root = JSON.stringify(tree.root);
  return (index, extra = {}) => {
    if (!Number.isInteger(index) || index < 0 || index >= tree.leaves.length) throw new Error(`No leaf ${index}`);
    let path = "";
    let position = index;
    for (const level of steps) {
      const step = level[position % 2 === 1 ? position - 1 : position + 1];
      if (step !== undefined) path += path ? `,${step}` : step;
      position = Math.floor(position / 2);
    }
    let more = "";
    for (const [name, value] of Object.entries(extra)) more += `,${JSON.stringify(name)}:${JSON.stringify(value)}`;
    return `${head}${index},"leaf":${JSON.stringify(at(tree.leaves, index))},"root":${root},"path":[${path}]${more}}`;
  };
}

/**
 * True when the evidence hash, walked up the proof's path, gives `root`. Any altered hash, side,
 * leaf or root gives false (never throws on malformed input).
 */
export function verifyMerkleProof(evidenceSha256: string, proof: Pick<MerkleProof, "path">, root: string): boolean {
  try {
    let current: Buffer = leafBytes(evidenceSha256);
    for (const step of proof.path) {
      const sibling = hashBytes(step.hash);
      if (step.position === "left") current = nodeHash(sibling, current);
      else if (step.position === "right") current = nodeHash(current, sibling);
      else return false;
    }
    return current.equals(hashBytes(root));
  } catch {
    return false;
  }
}
