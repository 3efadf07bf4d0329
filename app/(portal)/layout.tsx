import { PortalShell } from "@/components/layout/portal-shell";
import { currentContext } from "@/lib/auth/current-context";

/** Spec §2: the authenticated area is shown inside a main layout. Each page guards itself. */
export default async function PortalLayout({ children }: { children: React.ReactNode }) {
  const context = await currentContext();
  if (!context) return <main className="p-6">{children}</main>;
  return <PortalShell context={context}>{children}</PortalShell>;
}
