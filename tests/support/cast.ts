import { createTestOrganization, createTestUser } from "./fixtures";
import { signIn } from "./sign-in";

/**
 * The cast most API tests need: organisation A with an administrator, an Operador and a user without
 * a role, and organisation B with an administrator, each already signed in (their API tokens).
 */
export async function twoOrganizations() {
  const [orgA, orgB] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  const [a, op, none, b] = await Promise.all([
    createTestUser(orgA),
    createTestUser(orgA, { role: "operator" }),
    createTestUser(orgA, { role: "none" }),
    createTestUser(orgB),
  ]);
  const [adminA, operatorA, noRoleA, adminB] = await Promise.all([signIn(a.email), signIn(op.email), signIn(none.email), signIn(b.email)]);
  return { orgA, orgB, adminA, operatorA, noRoleA, adminB };
}
