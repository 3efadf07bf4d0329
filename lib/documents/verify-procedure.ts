/**
 * The offline verification procedure: VERIFY.md of the evidence package (GET
 * /api/validateDocs/{signatureHexId}/package) and docs/verify-offline.md say the same. The rules
 * restate lib/stamping/merkle.ts and lib/stamping/chain.ts; change them together.
 */

/** The Node script of step 3, as VERIFY.md gives it (tests run it on a real package). */
export const verifySnippet = `// verify-evidence.mjs: node verify-evidence.mjs evidence.json
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
const sha256 = (...parts) => parts.reduce((h, p) => h.update(p), createHash("sha256")).digest();
const bytes = (hex) => Buffer.from(hex, "hex");
const { evidences } = JSON.parse(readFileSync(process.argv[2] ?? "evidence.json", "utf8"));
let failures = 0;
for (const { kind, sha256: hash, stamping } of evidences) {
  if (!stamping) { console.log(\`\${kind} \${hash}: not stamped yet\`); continue; }
  let node = sha256(Buffer.from([0]), bytes(hash)); // leaf = SHA-256(0x00 || evidence hash)
  for (const { position, hash: sibling } of stamping.proof) {
    if (position === "left") node = sha256(Buffer.from([1]), bytes(sibling), node);
    else if (position === "right") node = sha256(Buffer.from([1]), node, bytes(sibling));
    else node = Buffer.alloc(0);
  }
  const ok = node.toString("hex") === stamping.root;
  if (!ok) failures++;
  console.log(\`\${kind} \${hash}: \${ok ? "OK" : "MISMATCH"}, root \${stamping.root}\`);
  for (const tx of stamping.transactions) console.log(\`  \${tx.network} \${tx.txId}: input data must be 0x52424b31\${stamping.root} \${tx.link ?? ""}\`);
}
process.exit(failures ? 1 : 0);
`;

export const verifyProcedure = `## How to verify this shipment offline

You need the package (a ZIP from \`/api/validateDocs/{signatureHexId}/package\`, or the "Download evidence
package" button of the public validation page), a SHA-256 tool, a PDF signature validator and Node.js 18+
(or any language with SHA-256). Nothing here needs Rúbrica to be online except step 4, which needs a
blockchain explorer.

The package holds:

- \`documents/*.pdf\`: the signed and sealed PDF(s).
- \`certificate/audit-certificate.pdf\`: the audit certificate, a PDF of its own sealed by the organisation. It
  names each signed PDF by its SHA-256 (and each original upload, signer, evidence and audit event). Shipments
  sealed before 2026-11-25 have it inside the sealed PDF instead (its last pages) and no such file.
- \`evidence.json\`: the shipment, the SHA-256 of each sealed PDF and of the certificate, the audit trail hashes and, for each
  evidence, \`kind\`, \`sha256\`, \`check\` and \`stamping\` (\`root\`, \`proof\`, \`transactions\` per
  network with explorer links; \`null\` while not stamped).
- \`VERIFY.md\`: this procedure.

It holds no evidence images, videos or audio (personal data): only their SHA-256 hashes. Whoever keeps
the original evidence files can hash them (\`sha256sum photo.jpg\`) and compare with \`evidence.json\`.

### 1. The PDF is the sealed one

    sha256sum documents/*.pdf certificate/*.pdf   # Linux;  macOS: shasum -a 256;  Windows: certutil -hashfile file.pdf SHA256

Each hash must equal \`files[].sha256\` (and \`certificate.sha256\`) in \`evidence.json\`, the SHA-256 shown on
the public page, and the "signed and sealed file" SHA-256 that the audit certificate states for it.
Any other copy of the document can be compared the same way.

### 2. The PDF signatures

    pdfsig documents/file.pdf          # poppler-utils
    pdfsig certificate/audit-certificate.pdf

Every signature must be reported as valid ("Signature is Valid") and the document as not modified after
signing. Each signer's signature names the signer (their own short-lived certificate); the organisation's
seal follows them. After a signer signs, a file only gains what strict validators accept after a
signature: the next signers' signatures, the seal and long-term validation data, never a page or any other
change. So validators that analyse each later revision judge every signature valid too (checked with
pyHanko 0.36, which does so as EU validation services do), not just those that check the signed bytes
(pdfsig). Adobe Acrobat Reader shows the signatures in its Signatures panel.

When the platform signs with a timestamp authority, every signature carries an RFC 3161 timestamp (PAdES
B-T) and the sealed file ends with long-term validation data (PAdES B-LTA): a Document Security Store with
the certificates and the OCSP answers or CRLs of every signature, taken when the file was sealed, and a
document timestamp (field \`SelloTiempo_<shipment id>\`) over all of it. So the signatures can still be checked
after the certificates expire or their authorities go offline. pdfsig lists the document timestamp but does
not validate it; PAdES validators (Adobe Acrobat Reader's "LTV enabled", the EU's DSS validation tool) do.

### 3. Each evidence's Merkle proof

Evidence hashes are stamped in batches: a Merkle tree over the batch's evidence SHA-256 hashes, whose root
goes on chain. The rules (algorithm \`sha256-rfc6962-promote-odd\`):

- all hashes are 32 bytes, written as lowercase hex without \`0x\`;
- leaf = SHA-256(0x00 ‖ evidence SHA-256 bytes);
- node = SHA-256(0x01 ‖ left child ‖ right child);
- leaves are in the batch's order; a level with an odd count promotes its last node unchanged to the next
  level (never paired with itself); a batch of one has its leaf as root;
- a proof is the list of siblings from the leaf up, each \`{ "position": "left" | "right", "hash" }\`:
  the side the sibling sits on. Promoted levels add no step.

To check an evidence: start from its leaf; for each step, node = SHA-256(0x01 ‖ sibling ‖ node) when the
sibling is on the left, SHA-256(0x01 ‖ node ‖ sibling) when on the right; the result must equal
\`stamping.root\`. This Node.js script checks every evidence of \`evidence.json\` (exit code 0 when all match):

\`\`\`js
${verifySnippet}\`\`\`

### 4. The root is on chain

For each entry of \`stamping.transactions\`, open its \`link\` (or look \`txId\` up on the named network's
explorer: LACChain testnet for \`lacchain\`, Rollux mainnet for \`rollux\`; \`local\` is a development node
with no public explorer). The transaction must be mined (successful), and its input data must be exactly

    0x52424b31 ‖ root               # "RBK1" in ASCII, then the 32-byte root in hex

i.e. \`0x52424b31\` followed by the 64 hex characters of \`stamping.root\`. The transaction is sent by the
stamping account to itself with value 0; its block time tells when the evidence existed at the latest.

Any node of the network answers the same over JSON-RPC, for example:

    curl -s -X POST -H 'content-type: application/json' \\
      --data '{"jsonrpc":"2.0","id":1,"method":"eth_getTransactionByHash","params":["<txId>"]}' <node URL>

\`result.input\` must be that data and \`result.blockNumber\` set; \`eth_getTransactionReceipt\` must give
\`status\` \`0x1\`, and \`eth_getBlockByNumber\` the block's \`timestamp\`. The validation page asks the nodes
the same when it is shown; \`onChain\` in \`evidence.json\` is what they answered when the package was
made (\`confirmed\` with the block, \`mismatch\` when the transaction carries another root, \`pending\`,
\`not-found\`, \`failed\` or \`unreachable\`). That answer is a convenience: the chain's is the proof.

\`stamping.status\` and the transaction ids are Rúbrica's record; steps 3 and 4 are what proves them.
`;
