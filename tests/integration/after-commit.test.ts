import { describe, expect, it, vi } from "vitest";
import { afterCommit, db } from "@/lib/db/client";

// afterCommit (lib/db/client.ts) is what queues a webhook delivery's job and announces a configuration change:
// the work must run only once the change is visible to others, and never for a change that was rolled back.

describe("work owed after a commit", () => {
  it("runs after the transaction commits, when another connection already sees its writes", async () => {
    const name = `after-commit-${Date.now()}`;
    const seen: Array<number> = [];
    await db.$transaction(async (tx) => {
      await tx.organization.create({ data: { name } });
      await afterCommit(async () => {
        // A read through the pool (another connection) finds the committed row.
        seen.push(await db.organization.count({ where: { name } }));
      });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([1]);
  });

  it("never runs for a transaction that rolled back", async () => {
    let ran = false;
    await expect(
      db.$transaction(async () => {
        await afterCommit(() => {
          ran = true;
        });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(ran).toBe(false);
  });

  it("runs at once outside a transaction", async () => {
    let ran = false;
    await afterCommit(() => {
      ran = true;
    });
    expect(ran).toBe(true);
  });

  it("is owed to the kept client's transaction by a reloaded copy of the module too (Next's dev reloads, tests' resetModules)", async () => {
    vi.resetModules();
    const reloaded = await import("@/lib/db/client");
    let ran = false;
    await db.$transaction(async () => {
      await reloaded.afterCommit(() => {
        ran = true;
      });
      expect(ran).toBe(false);
    });
    expect(ran).toBe(true);
  });
});
