import { AuthFrame } from "@/components/auth/auth-frame";

/** A page that only tells something (maintenance, building, errors), with a way back. */
export function MessagePage({
  title,
  body,
  linkHref,
  linkLabel,
  testId,
}: {
  title: string;
  body: string;
  linkHref?: string;
  linkLabel?: string;
  testId?: string;
}) {
  return (
    <AuthFrame title={title}>
      <p className="text-slate-700" data-testid={testId}>
        {body}
      </p>
      {linkHref && linkLabel ? (
        // A plain link: these pages are where navigation failed, and next/link's code would weigh on every page's first load
        // (the not-found boundary ships with each of them).
        <a href={linkHref} className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">
          {linkLabel}
        </a>
      ) : null}
    </AuthFrame>
  );
}
