import type { ReactNode, Ref } from "react";

type Props = {
  /** A staff-only stream of the recording. */
  src: string;
  digits: string | null;
  /** What the checks said about it, already worded. */
  why: ReactNode;
  labels: { digits: string; why: string };
  /** Test ids: `<prefix>-video`, `<prefix>-digits`. */
  testIdPrefix?: string;
  /** The video element, for a caller that seeks it (the judged frames' moments). */
  videoRef?: Ref<HTMLVideoElement>;
};

/**
 * A recorded video evidence for staff: the recording, the digits the person had to read aloud and what the
 * liveness check found. Used by a signer's review on /docdetail and a validation process's on /seeValidation.
 */
export function VideoEvidence({ src, digits, why, labels, testIdPrefix = "review", videoRef }: Props) {
  return (
    <>
      <video
        ref={videoRef}
        className="w-full max-w-md rounded border border-slate-300 bg-black"
        src={src}
        controls
        preload="metadata"
        data-testid={`${testIdPrefix}-video`}
      />
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">{labels.digits}</dt>
          <dd className="font-mono text-lg tracking-widest text-slate-900" data-testid={`${testIdPrefix}-digits`}>
            {digits ?? "—"}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{labels.why}</dt>
          <dd className="text-slate-800">{why}</dd>
        </div>
      </dl>
    </>
  );
}
