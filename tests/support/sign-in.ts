import { POST as authenticate } from "@/app/api/authenticate/route";
import { testPassword } from "./fixtures";
import { call } from "./http";

/** A full API token for a test user without a second factor, through the real sign-in route. */
export async function signIn(email: string, password = testPassword): Promise<string> {
  const { status, body } = await call<{ token?: string; errorCode?: string }>(authenticate, "/api/authenticate", { body: { username: email, password } });
  if (status !== 200 || !body.token) throw new Error(`sign-in of ${email} failed: ${body.errorCode ?? status}`);
  return body.token;
}
