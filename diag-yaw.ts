import "./tests/e2e/support/load-env";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage";
import { sampleRecording } from "@/lib/evidence/video-frames";
import { detectFaces } from "@/lib/face/face-engine";
import { yawOf } from "@/lib/face/landmark-geometry";

const n = Number(process.argv[2] ?? 1);
const evs = await db.evidence.findMany({ where: { kind: "VIDEO", checkDetail: { not: undefined } }, orderBy: { id: "desc" }, take: n });
for (const ev of evs) {
  const detail = ev.checkDetail as any;
  const bytes = await storage().get(ev.storageKey);
  const s = await sampleRecording(bytes, ev.mimeType ?? "video/webm", (d) => { const t = []; for (let x = 0.2; x < d; x += 0.2) t.push(x); return t; });
  console.log("prompts", JSON.stringify(detail.prompts), "duration", s.duration);
  const row: string[] = [];
  for (const f of s.frames) {
    const a = await detectFaces(f.image);
    const face = (a as any).faces?.[0] ?? (a as any)[0];
    row.push(`${Math.round(f.at * 1000)}:${face ? yawOf(face.landmarks).toFixed(2) : "-"}`);
  }
  console.log(row.join(" "));
}
process.exit(0);
