// PDF signing cost: a 20-page PDF signed three times (two signers with a visible handwritten signature,
// then the invisible seal), each an incremental revision. Prints ms per signature, then signs the same
// PDF three times in the same run with @libpdf/core (same key and certificate, invisible signatures:
// its sign() draws no appearance) and prints the ratio; both outputs are checked with pdfsig.
// Run: npx tsx bench/pdf-signing.ts [rounds] [tsaUrl]
//   certificate: PDF_SIGNING_P12_PATH + PDF_SIGNING_P12_PASSWORD if set, else a development certificate in memory;
//   tsaUrl (or PDF_SIGNING_TSA_URL): timestamp every signature (PAdES B-T), which adds the TSA's round trip.
import { execFile } from "node:child_process";
import { webcrypto } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { CryptoKeySigner, PDF } from "@libpdf/core";
import { performance } from "node:perf_hooks";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import sharp from "sharp";
import { developmentCredentials, parsePkcs12, type SigningCredentials } from "@/lib/pdf/credentials";
import { sealPdf, signPdf } from "@/lib/pdf/sign-pdf";

const rounds = Number(process.argv[2] ?? 5);
const tsaUrl = process.argv[3] ?? process.env.PDF_SIGNING_TSA_URL ?? undefined;

async function twentyPages(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 20; i++) {
    const page = pdf.addPage([595, 842]);
    for (let line = 0; line < 40; line++) {
      page.drawText(`Página ${i}, línea ${line + 1}: texto del contrato de prestación de servicios.`, {
        x: 50,
        y: 800 - line * 18,
        size: 10,
        font,
      });
    }
  }
  return pdf.save();
}

async function main() {
  const credentials = process.env.PDF_SIGNING_P12_PATH
    ? await parsePkcs12(new Uint8Array(await readFile(process.env.PDF_SIGNING_P12_PATH)), process.env.PDF_SIGNING_P12_PASSWORD ?? "")
    : await developmentCredentials();
  const png = new Uint8Array(
    await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="130"><path d="M10 100 C 80 0, 140 10, 190 80 S 330 120, 390 20" stroke="#0d1b6e" stroke-width="8" fill="none"/></svg>',
      ),
    )
      .png()
      .toBuffer(),
  );
  const original = await twentyPages();
  console.log(
    `20-page PDF: ${(original.byteLength / 1024).toFixed(0)} KB; ${rounds} rounds; ${credentials.development ? "development certificate" : "PKCS#12"}; ${tsaUrl ? `B-T via ${tsaUrl}` : "B-B"}`,
  );

  const steps = ["signer 1 (visible)", "signer 2 (visible)", "seal (invisible)"];
  const totals = [0, 0, 0];
  let size = 0;
  for (let round = 0; round <= rounds; round++) {
    let pdf = original;
    const times: number[] = [];
    for (let step = 0; step < 3; step++) {
      const started = performance.now();
      pdf =
        step < 2
          ? await signPdf(pdf, {
              signer: { name: `Firmante ${step + 1}`, reason: "Firma del contrato" },
              appearance: { png, page: step === 0 ? 1 : 20, rect: { x: 60 + step * 250, y: 60, width: 180, height: 60 } },
              fieldName: `Firma_${round}_${step}`,
              credentials,
              tsaUrl,
            })
          : await sealPdf(pdf, { organization: { name: "Organización de pruebas" }, reason: "Sello", credentials, tsaUrl });
      times.push(performance.now() - started);
    }
    // Round 0 warms the JIT and is not counted.
    if (round > 0) times.forEach((ms, i) => (totals[i]! += ms));
    size = pdf.byteLength;
    lastSigned = pdf;
  }
  steps.forEach((label, i) => console.log(`${label.padEnd(22)} ${(totals[i]! / rounds).toFixed(1).padStart(8)} ms/signature`));
  const all = totals.reduce((a, b) => a + b, 0) / rounds;
  console.log(
    `${"three signatures".padEnd(22)} ${all.toFixed(1).padStart(8)} ms  (${(all / 3).toFixed(1)} ms/signature; signed file ${(size / 1024).toFixed(0)} KB)`,
  );
  const ours = lastSigned;

  // The same PDF, the same key, three signatures through @libpdf/core.
  const signer = await libpdfSigner(credentials);
  let libTotal = 0;
  let libSigned = original;
  for (let round = 0; round <= rounds; round++) {
    const started = performance.now();
    const pdf = await PDF.load(original);
    for (let step = 0; step < 3; step++)
      await pdf.sign({ signer, fieldName: `Firma_${round}_${step}`, reason: step < 2 ? "Firma del contrato" : "Sello", level: "B-B" });
    libSigned = await pdf.save();
    if (round > 0) libTotal += performance.now() - started;
  }
  const lib = libTotal / rounds;
  console.log(
    `${"@libpdf/core, three".padEnd(22)} ${lib.toFixed(1).padStart(8)} ms  (${(lib / 3).toFixed(1)} ms/signature; signed file ${(libSigned.byteLength / 1024).toFixed(0)} KB)`,
  );
  console.log(`ratio ours / @libpdf/core: ${(all / lib).toFixed(2)} (ours draws two visible signatures, @libpdf/core none)`);
  for (const [label, bytes] of [
    ["ours", ours],
    ["@libpdf/core", libSigned],
  ] as const)
    console.log(`pdfsig ${label}: ${await pdfsigSummary(bytes)}`);
}

let lastSigned: Uint8Array = new Uint8Array();

/** Our signing key as @libpdf/core's signer (WebCrypto). */
async function libpdfSigner(credentials: SigningCredentials): Promise<CryptoKeySigner> {
  const pkcs8 = credentials.privateKey.export({ format: "der", type: "pkcs8" });
  const rsa = credentials.privateKey.asymmetricKeyType === "rsa";
  const algorithm = rsa
    ? { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }
    : { name: "ECDSA", namedCurve: credentials.privateKey.asymmetricKeyDetails?.namedCurve === "secp384r1" ? "P-384" : "P-256" };
  const key = await webcrypto.subtle.importKey("pkcs8", pkcs8, algorithm, false, ["sign"]);
  return new CryptoKeySigner(
    key as CryptoKey,
    credentials.certificate,
    rsa ? "RSA" : "EC",
    rsa ? "RSASSA-PKCS1-v1_5" : "ECDSA",
    credentials.chain,
  );
}

/** What poppler's pdfsig says of a file: valid signatures out of all, or that pdfsig is missing. */
async function pdfsigSummary(bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "bench-pdfsig-"));
  try {
    const file = path.join(dir, "signed.pdf");
    await writeFile(file, bytes);
    const { stdout } = await promisify(execFile)("pdfsig", [file]).catch((error: { stdout?: string; code?: string }) => ({
      stdout: error.code === "ENOENT" ? "" : (error.stdout ?? ""),
    }));
    if (!stdout) return "pdfsig not installed (apt-get install poppler-utils)";
    const total = (stdout.match(/^Signature #\d+:/gm) ?? []).length;
    const valid = (stdout.match(/Signature Validation: Signature is Valid\./g) ?? []).length;
    const subFilters = [...new Set(stdout.match(/Signature Type: \S+/g) ?? [])].map((line) => line.replace("Signature Type: ", ""));
    return `${valid}/${total} signatures valid (${subFilters.join(", ")})`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
