import { POST as authenticate } from "@/app/api/authenticate/route";
import { testPassword } from "./fixtures";
import { call } from "./http";

let client = 0;

/**
 * A full API token for a test user without a second factor, through the real sign-in route. Each
 * sign-in comes from its own address (198.18.0.0/15, the benchmarking range), as separate staff
 * would: the whole run signs in hundreds of times, beyond what one address may do in five minutes.
 */
export async function signIn(email: string, password = testPassword): Promise<string> {
  client += 1;
  const ip = `198.18.${Math.floor(client / 250) % 250}.${(client % 250) + 1}`;
  const { status, body } = await call<{ token?: string; errorCode?: string }>(authenticate, "/api/authenticate", {
    body: { username: email, password },
    ip,
  });
  if (status !== 200 || !body.token) throw new Error(`sign-in of ${email} failed: ${body.errorCode ?? status}`);
  return body.token;
}
