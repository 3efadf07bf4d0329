/**
 * `attachment` with the file's name for every browser (RFC 6266): an ASCII fallback in `filename`
 * and the exact UTF-8 name in `filename*`, so "Contrato de señal.pdf" keeps its ñ.
 */
export function attachmentDisposition(fileName: string): string {
  const clean = fileName.replace(/[\r\n"\\/]/g, "_").trim() || "download";
  const ascii = clean
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_");
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
