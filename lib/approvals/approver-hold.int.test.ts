/**
 * The new-approver hold (issue 44 §8): an admin who adds an approver (or makes someone one) shows in Settings
 * with when, and with "a new approver waits N hours" set, the server refuses that approver's approvals of
 * single pay-outs and files until then, changing nothing. Real sandbox over HTTP, TEST_DB's backend.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savePayoutApprovalSettings } from "@/lib/approvals/settings";
import { createUser, updateUser } from "@/lib/auth/user-admin";
import { createBatch, approveBatch } from "@/lib/batches/batches";
import { parseBatchFile } from "@/lib/batches/file";
import { samplePayoutRequest } from "@/lib/contract/samples";
import type { Database } from "@/lib/database";
import { getApproverHoldHours, listApproverGrants } from "@/lib/database/dashboard/queries/approver-hold";
import { listAudit } from "@/lib/database/dashboard/queries/audit";
import { getOrderById } from "@/lib/database/dashboard/queries/orders";
import { getBatch } from "@/lib/database/dashboard/queries/payout-batches";
import type { User } from "@/lib/database/dashboard/queries/users";
import { type OrderSubmitDeps, submitPayout } from "@/lib/orders/submit";
import { addTestUsersByRole, openTestDb, type TestDb } from "@/lib/testing/auth-database";
import { sbpPayoutFile } from "@/lib/testing/payout-files";
import { type SandboxFixture, startSandboxFixture } from "@/lib/testing/sandbox-fixture";
import { saveApproverHold } from "./approver-hold";
import { type Actor, approvePayout } from "./decide";

const PASSWORD = "correct horse battery";
let fx: SandboxFixture;
let t: TestDb;
let db: Database;
let users: Record<"admin" | "operator" | "viewer", User>;

beforeAll(async () => {
  fx = await startSandboxFixture();
  t = await openTestDb("approver_hold");
  db = t.db;
  users = await addTestUsersByRole(db, ["admin", "operator", "viewer"], PASSWORD);
  expect((await savePayoutApprovalSettings(db, actor(users.admin), { mode: "all" })).ok).toBe(true);
});
afterAll(async () => {
  await fx?.close();
  await t?.close();
});

const actor = (u: Pick<User, "id" | "role">): Actor => ({ id: u.id, role: u.role });
const admin = () => ({ ...users.admin, name: "" });
const deps = (u: User): OrderSubmitDeps => ({
  sql: db,
  api: fx.client(),
  publicBaseUrl: "http://dashboard.test:3000",
  userId: u.id,
  inFlightMs: 30_000,
});

/** An approver the admin adds now (their one-time password is PASSWORD, which step-up checks). */
async function approverAddedByAdmin(): Promise<User> {
  const added = await createUser(db, admin(), {
    email: `approver-${randomUUID()}@example.com`,
    name: "",
    role: "approver",
    password: PASSWORD,
  });
  if (!added.ok) throw new Error(added.message);
  return added.user;
}

/** A pay-out by the admin, held for approval. */
async function heldPayout(): Promise<string> {
  const made = await submitPayout(deps(users.admin), samplePayoutRequest("SBP", {}));
  if (!made.ok) throw new Error(made.message);
  expect((await getOrderById(db, made.orderId))?.status).toBe("Awaiting approval");
  return made.orderId;
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

describe("a new approver's wait", () => {
  it("is off by default: an approver the admin just added approves the admin's pay-out", async () => {
    await saveApproverHold(db, actor(users.admin), { hours: 0 });
    const approver = await approverAddedByAdmin();
    const orderId = await heldPayout();
    expect(
      await approvePayout(deps(approver), actor(approver), { orderId, password: PASSWORD }),
    ).toMatchObject({
      ok: true,
    });
  });

  it("set to 24 h: a just-added approver is refused for a pay-out and a file, changing nothing; after 24 h, approves", async () => {
    expect(await saveApproverHold(db, actor(users.admin), { hours: 24 })).toMatchObject({ ok: true });
    const approver = await approverAddedByAdmin();
    const orderId = await heldPayout();
    const refused = await approvePayout(deps(approver), actor(approver), { orderId, password: PASSWORD });
    expect(refused).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^You were made approver at .* UTC; new approvers approve nothing for 24 h/,
      ),
    });
    expect((await getOrderById(db, orderId))?.status).toBe("Awaiting approval");

    const parsed = await parseBatchFile("hold.csv", [
      new TextEncoder().encode(sbpPayoutFile(1, { tag: randomUUID() })),
    ]);
    const batch = await createBatch(db, actor(users.operator), parsed);
    if (!batch.ok) throw new Error(batch.message);
    expect(
      await approveBatch(db, actor(approver), { batchId: batch.batchId, password: PASSWORD }),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining("new approvers approve nothing for 24 h"),
    });
    expect((await getBatch(db, batch.batchId))?.status).toBe("awaiting_approval");

    await db.query("UPDATE users SET role_granted_at = $1 WHERE id = $2", [hoursAgo(24.1), approver.id]);
    expect(
      await approvePayout(deps(approver), actor(approver), { orderId, password: PASSWORD }),
    ).toMatchObject({
      ok: true,
    });
  });

  it("counts from a promotion too: a viewer of long standing made approver waits again", async () => {
    await saveApproverHold(db, actor(users.admin), { hours: 2 });
    await db.query("UPDATE users SET role_granted_at = $1 WHERE id = $2", [hoursAgo(1000), users.viewer.id]);
    const promoted = await updateUser(db, admin(), {
      intent: "set-role",
      userId: users.viewer.id,
      role: "approver",
    });
    expect(promoted).toMatchObject({ ok: true });
    const orderId = await heldPayout();
    const asApprover = { ...users.viewer, role: "approver" as const };
    expect(
      await approvePayout(deps(asApprover), actor(asApprover), { orderId, password: PASSWORD }),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining("for 2 h"),
    });
  });
});

describe("Settings", () => {
  it("lists the approvers an admin made, by whom and when", async () => {
    const approver = await approverAddedByAdmin();
    const grants = await listApproverGrants(db, ["admin", "approver"]);
    expect(grants.find((g) => g.userId === approver.id)).toMatchObject({
      email: approver.email,
      role: "approver",
      grantedByEmail: users.admin.email,
      grantedAt: expect.any(Date),
    });
    // The test users were inserted directly, by no admin: not listed.
    expect(grants.some((g) => g.userId === users.admin.id)).toBe(false);
  });

  it("the wait is an admin's alone; bad input is refused naming the field, changing nothing; saves are audited", async () => {
    await saveApproverHold(db, actor(users.admin), { hours: 5 });
    expect(await saveApproverHold(db, actor(users.operator), { hours: 0 })).toMatchObject({
      ok: false,
      message: expect.stringContaining("doesn't allow"),
    });
    for (const [hours, message] of [
      ["-1", "Enter 0 (off) or more"],
      ["1.5", "Enter whole hours"],
      ["721", "At most 720 hours (30 days)"],
      ["soon", "Enter a number of hours"],
    ] as const) {
      expect(await saveApproverHold(db, actor(users.admin), { hours })).toMatchObject({
        ok: false,
        fieldErrors: { hours: message },
      });
    }
    expect(await getApproverHoldHours(db)).toBe(5);
    const [latest] = await listAudit(db, { action: "settings.approver-hold" });
    expect(latest?.details).toEqual({ from: expect.any(Number), to: 5 });
  });
});
