import { readFile } from "node:fs/promises";
import path from "node:path";

// pdf.js renders in a worker whose version must equal the library's; serve the installed one.
const workerFile = path.join(process.cwd(), "node_modules", "pdfjs-dist", "build", "pdf.worker.min.mjs");

/** GET /api/assets/pdf-worker: the PDF viewer's worker script (public, immutable per deployment). */
export async function GET() {
  const body = await readFile(workerFile);
  return new Response(body, { headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400" } });
}
