"use client";

import { type ComponentProps, useRef } from "react";
import { LivenessFrames, LivenessMeasurements, type LivenessMovement } from "@/components/evidence/liveness-measurements";
import { VideoEvidence } from "@/components/evidence/video-evidence";
import type { IdPhotoFacts, JudgedFrame } from "@/lib/evidence/liveness-facts";

type Props = Omit<ComponentProps<typeof VideoEvidence>, "videoRef"> & {
  movement: LivenessMovement;
  judgedFrames: readonly JudgedFrame[];
  idPhoto: IdPhotoFacts | null;
};

/**
 * A video evidence with what the liveness judge made of it, for staff deciding it: the recording, the digits, why it
 * is here, each prompted turn and the mouth against the thresholds, the frames judged (each moment shows the
 * recording there) and the live face against the ID photo. A signer's review on /docdetail and a validation
 * process's on /seeValidation.
 */
export function JudgedVideo({ movement, judgedFrames, idPhoto, ...video }: Props) {
  const element = useRef<HTMLVideoElement>(null);
  return (
    <>
      <VideoEvidence {...video} videoRef={element} />
      <LivenessMeasurements movement={movement} />
      <LivenessFrames frames={judgedFrames} idPhoto={idPhoto} video={element} testIdPrefix={video.testIdPrefix} />
    </>
  );
}
