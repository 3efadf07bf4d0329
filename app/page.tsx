import { redirect } from "next/navigation";

/** Spec §2: the root redirects to /dashboard. */
export default function Root() {
  redirect("/dashboard");
}
