import { NextResponse } from "next/server";
import { randomUUID } from "node:crypto";
import { apiRoute } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { urlSignFrom } from "@/lib/signing/http";
import { evidenceFromForm, readEvidenceUpload } from "@/lib/evidence/read-evidence-form";
import { uploadEvidence } from "@/lib/signing/signer-upload";

/**
 * POST /api/signprocess/uploadNewSelfie (spec §7): form data with the process id (`processHexId`),
 * `file` and `selfieValidOnGov`; result "1" is success. The selfie step's upload under its spec name.
 */
export const POST = apiRoute(async (request) => {
  const form = await readEvidenceUpload(request);
  const processHexId = String(form.get("processHexId") ?? form.get("id") ?? "");
  const upload = await evidenceFromForm(form, { kind: "SELFIE", uploadId: randomUUID(), accepted: "true" });
  const selfieValidOnGov = form.get("selfieValidOnGov") === "true";
  const stored = await uploadEvidence(
    processHexId,
    urlSignFrom(request),
    { ...upload, kind: "SELFIE", detail: JSON.stringify({ selfieValidOnGov }) },
    requestMeta(request.headers),
  );
  return NextResponse.json({ ...stored, result: "1" });
});
