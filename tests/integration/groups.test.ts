import { beforeAll, describe, expect, it } from "vitest";
import { GET as listGroups, POST as createGroup } from "@/app/api/groups/route";
import { DELETE as deleteGroup, PUT as updateGroup } from "@/app/api/groups/[groupHexId]/route";
import { POST as addMember } from "@/app/api/groups/[groupHexId]/members/route";
import { DELETE as removeMember } from "@/app/api/groups/[groupHexId]/members/[userHexId]/route";
import { db } from "@/lib/db/client";
import type { GroupView } from "@/lib/groups/schemas";

type GroupList = { _embedded: { groups: GroupView[] } };
import { call } from "../support/http";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { signIn } from "../support/sign-in";

const english = { "accept-language": "en-US" };

let orgA: TestOrganization;
let adminA: string;
let operatorA: string;
let adminB: string;
let memberA: { hexId: string };
let userB: { hexId: string };

beforeAll(async () => {
  const [a, b] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  orgA = a;
  const [admin, op, member, otherAdmin] = await Promise.all([
    createTestUser(orgA),
    createTestUser(orgA, { role: "operator" }),
    createTestUser(orgA, { role: "none" }),
    createTestUser(b),
  ]);
  memberA = member;
  userB = otherAdmin;
  [adminA, operatorA, adminB] = await Promise.all([signIn(admin.email), signIn(op.email), signIn(otherAdmin.email)]);
});

let sequence = 0;
const uniqueName = (prefix = "Grupo") => `${prefix} ${Date.now() % 100000}-${++sequence}`;
const groupPath = (hex: string) => `/api/groups/${hex}`;

async function create(token: string, body: Record<string, unknown>) {
  const response = await call<GroupView>(createGroup, "/api/groups", { body, token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const add = (token: string, groupHexId: string, body: unknown, headers: Record<string, string> = {}) =>
  call<GroupView & { errorCode?: string; message?: string }>(addMember, `${groupPath(groupHexId)}/members`, {
    body,
    token,
    params: { groupHexId },
    headers,
  });

const lastLog = (event: string) =>
  db.operationLog.findFirst({ where: { organizationId: orgA.organization.id, operationEventId: event }, orderBy: { id: "desc" } });

describe("groups (/api/groups)", () => {
  it("refuses callers without the GRUPO privileges", async () => {
    const group = await create(adminA, { name: uniqueName() });
    const params = { groupHexId: group.groupHexId };
    const attempts = [
      await call(listGroups, "/api/groups", { token: operatorA }),
      await call(createGroup, "/api/groups", { body: { name: uniqueName() }, token: operatorA }),
      await call(updateGroup, groupPath(group.groupHexId), { method: "PUT", body: { name: "X" }, token: operatorA, params }),
      await call(deleteGroup, groupPath(group.groupHexId), { method: "DELETE", token: operatorA, params }),
      await add(operatorA, group.groupHexId, { userHexId: memberA.hexId }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403);
      expect(attempt.body.errorCode).toBe("FORBIDDEN");
    }
    expect((await call(listGroups, "/api/groups", {})).status).toBe(401);
  });

  it("creates, lists, renames, and refuses duplicate names whatever their case, in both languages", async () => {
    const name = uniqueName("Notarios");
    const group = await create(adminA, { name, description: "Firmantes internos" });
    expect(group).toMatchObject({ name, description: "Firmantes internos", members: [] });
    expect(group.groupHexId).toMatch(/^[0-9a-f]{32}$/);
    expect((await lastLog("GROUP_CREATE"))?.detail).toContain(`recordId=${group.groupHexId}`);
    const listed = await call<GroupList>(listGroups, "/api/groups", { token: adminA });
    expect(listed.body._embedded.groups.map((g) => g.groupHexId)).toContain(group.groupHexId);

    const again = await call(createGroup, "/api/groups", { body: { name: name.toLowerCase() }, token: adminA });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: "GROUP_NAME_EXISTS", field: "name" });
    expect(again.body.message).toContain("Grupo duplicado");
    const inEnglish = await call(createGroup, "/api/groups", { body: { name }, token: adminA, headers: english });
    expect(inEnglish.body.message).toContain("Duplicate group");

    const other = await create(adminA, { name: uniqueName() });
    const renamedOnto = await call(updateGroup, groupPath(other.groupHexId), {
      method: "PUT",
      body: { name },
      token: adminA,
      params: { groupHexId: other.groupHexId },
    });
    expect(renamedOnto.status).toBe(409);
    const renamed = await call<GroupView>(updateGroup, groupPath(other.groupHexId), {
      method: "PUT",
      body: { name: `${name} bis` },
      token: adminA,
      params: { groupHexId: other.groupHexId },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe(`${name} bis`);
    expect(await lastLog("GROUP_UPDATE")).not.toBeNull();
    const empty = await call(createGroup, "/api/groups", { body: {}, token: adminA });
    expect(empty.status).toBe(400);
    expect(empty.body.errorCode).toBe("EMPTY_FIELD");
  });

  it("needs a user picked to add a member, refuses another organisation's user and a member twice", async () => {
    const group = await create(adminA, { name: uniqueName() });
    for (const body of [{}, { userHexId: "" }, { userHexId: "   " }]) {
      const refused = await add(adminA, group.groupHexId, body);
      expect(refused.status).toBe(400);
      expect(refused.body.errorCode).toBe("GROUP_USER_REQUIRED");
      expect(refused.body.message).toBe("Seleccione un usuario para añadirlo al grupo.");
    }
    expect((await add(adminA, group.groupHexId, {}, english)).body.message).toBe("Pick a user to add to the group.");
    const foreign = await add(adminA, group.groupHexId, { userHexId: userB.hexId });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errorCode).toBe("GROUP_USER_REQUIRED");

    const added = await add(adminA, group.groupHexId, { userHexId: memberA.hexId });
    expect(added.status).toBe(201);
    expect(added.body.members.map((m) => m.userHexId)).toEqual([memberA.hexId]);
    expect(await lastLog("GROUP_MEMBER_ADD")).not.toBeNull();
    const twice = await add(adminA, group.groupHexId, { userHexId: memberA.hexId });
    expect(twice.status).toBe(409);
    expect(twice.body.errorCode).toBe("GROUP_MEMBER_EXISTS");
  });

  it("refuses to delete a group in use, and deletes it once its members are gone", async () => {
    const group = await create(adminA, { name: uniqueName() });
    const params = { groupHexId: group.groupHexId };
    await add(adminA, group.groupHexId, { userHexId: memberA.hexId });
    const inUse = await call(deleteGroup, groupPath(group.groupHexId), { method: "DELETE", token: adminA, params });
    expect(inUse.status).toBe(409);
    expect(inUse.body.errorCode).toBe("GROUP_IN_USE");
    expect(inUse.body.message).toContain("No se puede eliminar un grupo en uso");
    const inEnglish = await call(deleteGroup, groupPath(group.groupHexId), { method: "DELETE", token: adminA, params, headers: english });
    expect(inEnglish.body.message).toContain("A group in use cannot be deleted");

    const removed = await call<GroupView>(removeMember, "/member", {
      method: "DELETE",
      token: adminA,
      params: { ...params, userHexId: memberA.hexId },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.members).toEqual([]);
    expect(await lastLog("GROUP_MEMBER_REMOVE")).not.toBeNull();
    const notMember = await call(removeMember, "/member", {
      method: "DELETE",
      token: adminA,
      params: { ...params, userHexId: memberA.hexId },
    });
    expect(notMember.status).toBe(404);

    const gone = await call(deleteGroup, groupPath(group.groupHexId), { method: "DELETE", token: adminA, params });
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ deleted: true });
    expect(await db.group.count({ where: { hexId: group.groupHexId } })).toBe(0);
    expect((await lastLog("GROUP_DELETE"))?.detail).toContain(`recordId=${group.groupHexId}`);
  });
});

describe("organisation isolation", () => {
  it("answers 404 to org B for renaming, deleting or changing the members of org A's group, and keeps it out of B's list", async () => {
    const name = uniqueName("Privado");
    const group = await create(adminA, { name });
    await add(adminA, group.groupHexId, { userHexId: memberA.hexId });
    const params = { groupHexId: group.groupHexId };
    const attempts = [
      await call(updateGroup, groupPath(group.groupHexId), { method: "PUT", body: { name: "Robado" }, token: adminB, params }),
      await call(deleteGroup, groupPath(group.groupHexId), { method: "DELETE", token: adminB, params }),
      await add(adminB, group.groupHexId, { userHexId: userB.hexId }),
      await call(removeMember, "/member", { method: "DELETE", token: adminB, params: { ...params, userHexId: memberA.hexId } }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(404);
      expect(attempt.body.errorCode).toBe("NOT_FOUND");
    }
    const listed = await call<GroupList>(listGroups, "/api/groups", { token: adminB });
    expect(listed.body._embedded.groups.map((g) => g.groupHexId)).not.toContain(group.groupHexId);
    const after = (await call<GroupList>(listGroups, "/api/groups", { token: adminA })).body._embedded.groups.find(
      (g) => g.groupHexId === group.groupHexId,
    );
    expect(after).toMatchObject({ name, members: [{ userHexId: memberA.hexId }] });
    // Org B cannot add org A's user to a group of its own either, and the same name is free there.
    const own = await create(adminB, { name });
    const foreign = await add(adminB, own.groupHexId, { userHexId: memberA.hexId });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errorCode).toBe("GROUP_USER_REQUIRED");
  });
});
