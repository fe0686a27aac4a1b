/**
 * The step-up's password limit counts wrong passwords only (docs/security.md, Step-up): right ones sent at
 * once all pass and leave nothing counted, while a burst of guesses still gets no more than the limit
 * checked. Real database (TEST_DB backend), on two instances' connections on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRateLimit } from "@/lib/database/dashboard/queries/rate-limits";
import { addTestUser, openTwoInstanceTestDb, type TwoInstanceTestDb } from "@/lib/testing/auth-database";
import { STEP_UP_PASSWORD_RULE, verifyStepUp } from "./step-up";

const PASSWORD = "the-right-password-1";
let t: TwoInstanceTestDb;

beforeAll(async () => {
  t = await openTwoInstanceTestDb("step_up");
});
afterAll(async () => {
  await t?.close();
});

async function approverWithoutFactor() {
  return addTestUser(t.db, { email: `approver-${crypto.randomUUID()}@example.com`, password: PASSWORD });
}

/** `count` step-ups at once with `password`, alternating the two instances' connections. */
function burst(userId: string, count: number, password: string) {
  return Promise.all(
    Array.from({ length: count }, (_, i) => verifyStepUp(i % 2 ? t.db2 : t.db, userId, { password })),
  );
}

describe("step-up password limit", () => {
  it("lets eight right passwords sent at once all through", async () => {
    const user = await approverWithoutFactor();
    const results = await burst(user.id, 8, PASSWORD);
    expect(results.map((r) => r.ok)).toEqual(Array(8).fill(true));
  });

  it("a burst of forty right passwords locks nobody out: nothing is left counted", async () => {
    const user = await approverWithoutFactor();
    const results = await burst(user.id, 40, PASSWORD);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect((await getRateLimit(t.db, `step-up:${user.id}`))?.count ?? 0).toBe(0);
    expect(await verifyStepUp(t.db, user.id, { password: PASSWORD })).toEqual({
      ok: true,
      method: "password",
    });
  });

  it("a burst of guesses gets only the limit checked; then even the right password waits", async () => {
    const user = await approverWithoutFactor();
    const results = await burst(user.id, 20, "a-wrong-guess");
    const messages = results.map((r) => (r.ok ? "ok" : r.fieldErrors.password));
    expect(messages.filter((m) => m === "Wrong password.")).toHaveLength(STEP_UP_PASSWORD_RULE.limit);
    expect(messages.filter((m) => m?.startsWith("Too many wrong passwords"))).toHaveLength(
      20 - STEP_UP_PASSWORD_RULE.limit,
    );
    expect(await verifyStepUp(t.db, user.id, { password: PASSWORD })).toMatchObject({
      ok: false,
      fieldErrors: { password: expect.stringContaining("Too many wrong passwords") },
    });
  });

  it("a right password after four wrong ones passes, and the four stay counted", async () => {
    const user = await approverWithoutFactor();
    for (let i = 0; i < STEP_UP_PASSWORD_RULE.limit - 1; i++) {
      expect(await verifyStepUp(t.db, user.id, { password: "nope" })).toMatchObject({ ok: false });
    }
    expect(await verifyStepUp(t.db, user.id, { password: PASSWORD })).toMatchObject({ ok: true });
    expect((await getRateLimit(t.db, `step-up:${user.id}`))?.count).toBe(STEP_UP_PASSWORD_RULE.limit - 1);
  });
});
