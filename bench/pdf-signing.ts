// PDF signing cost against @libpdf/core, like with like: a 20-page and a 200-page PDF each signed three times
// (two signers, then the seal), every signature INVISIBLE on both sides (@libpdf/core's sign() draws no
// appearance), with the same key and certificate, every signature an incremental revision and both outputs
// checked with pdfsig. Each signature goes from the file's bytes to the signed file's bytes, as in the product
// (signers sign at different times; the file is read from storage each time): @libpdf/core loads the bytes
// before each sign(). Its other usage, one load then three sign() calls and one save(), is printed too.
// Then ours with the two signers' visible handwritten signatures (name and date under the drawing), for reference.
// Run: npx tsx bench/pdf-signing.ts [rounds] [tsaUrl]
//   certificate: PDF_SIGNING_P12_PATH + PDF_SIGNING_P12_PASSWORD if set, else a development certificate in memory;
//   tsaUrl (or PDF_SIGNING_TSA_URL): timestamp every signature (PAdES B-T), which adds the TSA's round trip.
import { execFile } from "node:child_process";
import { webcrypto } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { CryptoKeySigner, PDF } from "@libpdf/core";
import { performance } from "node:perf_hooks";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import sharp from "sharp";
import { developmentCredentials, parsePkcs12, type SigningCredentials } from "@/lib/pdf/credentials";
import { sealPdf, signPdf, type SignatureAppearance } from "@/lib/pdf/sign-pdf";

const rounds = Number(process.argv[2] ?? 5);
const tsaUrl = process.argv[3] ?? process.env.PDF_SIGNING_TSA_URL ?? undefined;

async function pagesPdf(count: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= count; i++) {
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

/**
 * Mean ms of each variant over `rounds` rounds after one uncounted round (JIT warm-up), and its last result. The
 * variants take turns within each round, so a busy moment on a shared machine falls on all of them alike.
 */
async function timedTogether<K extends string>(
  variants: Record<K, () => Promise<Uint8Array>>,
): Promise<Record<K, { ms: number; bytes: Uint8Array }>> {
  const keys = Object.keys(variants) as K[];
  const results = Object.fromEntries(keys.map((key) => [key, { ms: 0, bytes: new Uint8Array() }])) as Record<
    K,
    { ms: number; bytes: Uint8Array }
  >;
  for (let round = 0; round <= rounds; round++) {
    for (const key of keys) {
      const started = performance.now();
      results[key].bytes = await variants[key]();
      if (round > 0) results[key].ms += (performance.now() - started) / rounds;
    }
  }
  return results;
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
  const signer = await libpdfSigner(credentials);
  console.log(
    `${rounds} rounds; ${credentials.development ? "development certificate" : "PKCS#12"}; ${tsaUrl ? `B-T via ${tsaUrl}` : "B-B"}; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
  );
  const line = (label: string, ms: number, bytes: Uint8Array) =>
    console.log(
      `  ${label.padEnd(44)} ${ms.toFixed(1).padStart(8)} ms  (${(ms / 3).toFixed(1)} ms/signature; file ${(bytes.byteLength / 1024).toFixed(0)} KB)`,
    );

  for (const pages of [20, 200]) {
    const original = await pagesPdf(pages);
    console.log(`${pages}-page PDF: ${(original.byteLength / 1024).toFixed(0)} KB`);
    let round = 0;
    const ours = (appearances: boolean) => async () => {
      round++;
      let pdf = original;
      for (let step = 0; step < 2; step++) {
        const appearance: SignatureAppearance | undefined = appearances
          ? {
              png,
              page: step === 0 ? 1 : pages,
              rect: { x: 60 + step * 250, y: 60, width: 180, height: 60 },
              caption: [`Firmante ${step + 1}`, "26/11/2026 10:00 CET"],
            }
          : undefined;
        pdf = await signPdf(pdf, {
          signer: { name: `Firmante ${step + 1}`, reason: "Firma del contrato" },
          appearance,
          fieldName: `Firma_${round}_${step}`,
          credentials,
          tsaUrl,
        });
      }
      return sealPdf(pdf, { organization: { name: "Organización de pruebas" }, reason: "Sello", credentials, tsaUrl });
    };
    const lib = async () => {
      round++;
      let pdf = original;
      for (let step = 0; step < 3; step++) {
        const doc = await PDF.load(pdf);
        ({ bytes: pdf } = await doc.sign({
          signer,
          fieldName: `Firma_${round}_${step}`,
          reason: step < 2 ? "Firma del contrato" : "Sello",
          level: "B-B",
        }));
      }
      return pdf;
    };
    const libOneLoad = async () => {
      round++;
      const doc = await PDF.load(original);
      for (let step = 0; step < 3; step++)
        await doc.sign({ signer, fieldName: `Firma_${round}_${step}`, reason: step < 2 ? "Firma del contrato" : "Sello", level: "B-B" });
      return doc.save();
    };
    const { invisible, libpdf, libpdfOneLoad, visible } = await timedTogether({
      invisible: ours(false),
      libpdf: lib,
      libpdfOneLoad: libOneLoad,
      visible: ours(true),
    });
    line("ours, three invisible", invisible.ms, invisible.bytes);
    line("@libpdf/core, three invisible", libpdf.ms, libpdf.bytes);
    line("@libpdf/core, one load, three sign(), save", libpdfOneLoad.ms, libpdfOneLoad.bytes);
    console.log(
      `  ratio ours / @libpdf/core (invisible on both): ${(invisible.ms / libpdf.ms).toFixed(2)}; against one load + three sign(): ${(invisible.ms / libpdfOneLoad.ms).toFixed(2)}`,
    );
    line("ours, two visible + invisible seal", visible.ms, visible.bytes);
    for (const [label, bytes] of [
      ["ours (invisible)", invisible.bytes],
      ["ours (visible)", visible.bytes],
      ["@libpdf/core", libpdf.bytes],
    ] as const)
      console.log(`  pdfsig ${label}: ${await pdfsigSummary(bytes)}`);
  }
}

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
