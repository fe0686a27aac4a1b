/**
 * Second factors over a real database (TEST_DB backend): setting up an authenticator app, signing in with
 * it (a pending sign-in, not a session, until the code), recovery codes working once, the required-factor
 * switch, step-up freshness on the session, and an admin's reset. Passkeys need a browser's authenticator:
 * e2e/second-factor.spec.ts signs in with Chromium's virtual one.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "@/lib/database/dashboard/queries/audit";
import { countUnusedRecoveryCodes, listSecondFactors } from "@/lib/database/dashboard/queries/second-factors";
import { addTestUser, openTestDb, type TestDb } from "@/lib/testing/auth-database";
import { validateSession } from "../session";
import { resetUserPassword } from "../password-change";
import { signIn } from "../sign-in";
import { freshSecondFactor, STEP_UP_VALID_MS, stepUpPrompt, verifyStepUp } from "../step-up";
import { resetUserSecondFactors, saveSecondFactorSetting } from "./admin";
import type { SecondFactorDeps } from "./deps";
import { confirmTotpEnrolment, regenerateRecoveryCodes, removeFactor, startTotpEnrolment } from "./factors";
import { relyingPartyFor } from "./relying-party";
import { unseal } from "./seal";
import { signInWithCode } from "./sign-in-step";
import { totpCode } from "./totp";
import { SECOND_FACTOR_RULE } from "./verify";

let t: TestDb;
let deps: SecondFactorDeps;
const PASSWORD = "right-password-1";

beforeAll(async () => {
  t = await openTestDb("second_factor");
  deps = { sql: t.db, key: randomBytes(32), relyingParty: relyingPartyFor("http://localhost:3000") };
});
afterAll(async () => {
  await t?.close();
});

/** A user with a confirmed authenticator app; its seed and the recovery codes shown once. */
async function enrolled(role: "admin" | "approver" | "operator" = "approver", now = new Date()) {
  const email = `${role}-${crypto.randomUUID()}@example.com`;
  const user = await addTestUser(t.db, { email, password: PASSWORD, role });
  const started = await startTotpEnrolment(deps, user);
  if (!started.ok) throw new Error(started.message);
  const confirmed = await confirmTotpEnrolment(deps, user, totpCode(started.setup.secret, now), now, {
    password: PASSWORD,
  });
  if (!confirmed.ok || !confirmed.recoveryCodes) throw new Error("not enrolled");
  return { user, email, secret: started.setup.secret, recoveryCodes: confirmed.recoveryCodes };
}

const password = (email: string, now: Date) =>
  signIn(t.db, { email, password: PASSWORD, ip: "192.0.2.7", userAgent: "vitest" }, now);

async function pendingToken(email: string, now: Date): Promise<string> {
  const first = await password(email, now);
  if (first.ok || first.reason !== "second-factor")
    throw new Error(`expected a pending sign-in: ${JSON.stringify(first)}`);
  return first.pending.token;
}

describe("setting up an authenticator app", () => {
  it("keeps the seed sealed, confirms with a code, brings ten recovery codes once, and audits it", async () => {
    const now = new Date();
    const user = await addTestUser(t.db, {
      email: `enrol-${crypto.randomUUID()}@example.com`,
      password: PASSWORD,
    });
    const started = await startTotpEnrolment(deps, user);
    if (!started.ok) throw new Error(started.message);
    const [pending] = await listSecondFactors(t.db, user.id, true);
    expect(pending?.confirmedAt).toBeNull();
    expect(pending?.secret).not.toContain(started.setup.secret);
    expect(unseal(deps.key, pending?.secret ?? "", user.id)).toBe(started.setup.secret);
    expect(await listSecondFactors(t.db, user.id)).toHaveLength(0);

    const wrong = await confirmTotpEnrolment(deps, user, "000000", now, { password: PASSWORD });
    expect(wrong).toMatchObject({ ok: false, fieldErrors: { code: expect.stringContaining("not right") } });
    expect(await listSecondFactors(t.db, user.id)).toHaveLength(0);

    const ok = await confirmTotpEnrolment(deps, user, totpCode(started.setup.secret, now), now, {
      password: PASSWORD,
    });
    expect(ok).toMatchObject({ ok: true, recoveryCodes: expect.any(Array) });
    expect(ok.ok && ok.recoveryCodes).toHaveLength(10);
    expect(await countUnusedRecoveryCodes(t.db, user.id)).toBe(10);
    expect(await listAudit(t.db, { action: "user.second-factor-add", target: user.id })).toHaveLength(1);

    // A second app is refused while one is set up.
    expect(await startTotpEnrolment(deps, user)).toMatchObject({ ok: false });
  });
});

describe("signing in with a second factor", () => {
  it("leaves only a pending sign-in after the password; the code opens a session fresh for step-up", async () => {
    const now = new Date();
    const { email, secret, user } = await enrolled("approver", now);
    const first = await password(email, now);
    expect(first).toMatchObject({ ok: false, reason: "second-factor" });
    if (first.ok || first.reason !== "second-factor") return;
    // The pending token is no session.
    expect((await validateSession(t.db, first.pending.token, now)).ok).toBe(false);

    const wrong = await signInWithCode(deps, first.pending.token, "000000", now);
    expect(wrong).toMatchObject({ ok: false, reason: "refused", exhausted: false });

    const later = new Date(now.getTime() + 30_000);
    const result = await signInWithCode(deps, first.pending.token, totpCode(secret, later), later);
    expect(result).toMatchObject({ ok: true, user: { id: user.id } });
    if (!result.ok) return;
    const session = await validateSession(t.db, result.token, later);
    expect(session.ok).toBe(true);
    if (!session.ok) return;
    expect(await freshSecondFactor(t.db, user.id, later, session.sessionId)).toBe("fresh");
    // The pending sign-in was used up.
    expect(await signInWithCode(deps, first.pending.token, totpCode(secret, later), later)).toMatchObject({
      ok: false,
      reason: "expired",
    });
    const audit = await listAudit(t.db, { action: "auth.sign-in", target: user.id });
    expect(audit.at(-1)?.details).toMatchObject({ secondFactor: "totp" });
  });

  it("an admin's one-time password survives a second-factor step abandoned half-way (issue 43 §4)", async () => {
    const now = new Date();
    const { email, secret, user } = await enrolled("approver", now);
    const admin = await addTestUser(t.db, {
      email: `admin-${crypto.randomUUID()}@example.com`,
      password: PASSWORD,
      role: "admin",
    });
    const reset = await resetUserPassword(t.db, { ...admin, name: "" }, user.id, now);
    if (!reset.ok) throw new Error(reset.message);
    const withOneTime = (at: Date) =>
      signIn(t.db, { email, password: reset.oneTimePassword, ip: "192.0.2.8", userAgent: "vitest" }, at);
    // The code page is left unanswered: the pending sign-in simply lapses.
    expect(await withOneTime(now)).toMatchObject({ ok: false, reason: "second-factor" });
    const later = new Date(now.getTime() + 10 * 60_000);
    const again = await withOneTime(later);
    expect(again).toMatchObject({ ok: false, reason: "second-factor" });
    if (again.ok || again.reason !== "second-factor") return;
    const code = totpCode(secret, new Date(later.getTime() + 30_000));
    expect(await signInWithCode(deps, again.pending.token, code, later)).toMatchObject({
      ok: true,
      user: { id: user.id, mustChangePassword: true },
    });
  });

  it("refuses a code already used (a replay), and an expired pending sign-in", async () => {
    const now = new Date();
    const { email, secret } = await enrolled("operator", now);
    const code = totpCode(secret, new Date(now.getTime() + 30_000));
    const a = await signInWithCode(deps, await pendingToken(email, now), code, now);
    expect(a.ok).toBe(true);
    const b = await signInWithCode(deps, await pendingToken(email, now), code, now);
    expect(b).toMatchObject({ ok: false, reason: "refused" });

    const token = await pendingToken(email, now);
    const late = new Date(now.getTime() + 6 * 60_000);
    expect(await signInWithCode(deps, token, totpCode(secret, late), late)).toMatchObject({
      ok: false,
      reason: "expired",
    });
  });

  it("takes each recovery code once", async () => {
    const now = new Date();
    const { email, recoveryCodes } = await enrolled("admin", now);
    const code = recoveryCodes[0] ?? "";
    const first = await signInWithCode(deps, await pendingToken(email, now), code.toUpperCase(), now);
    expect(first.ok).toBe(true);
    const again = await signInWithCode(deps, await pendingToken(email, now), code, now);
    expect(again).toMatchObject({
      ok: false,
      reason: "refused",
      message: expect.stringContaining("used already"),
    });
  });

  it("ends the pending sign-in after five wrong codes; the right one is then refused too", async () => {
    const now = new Date();
    const { email, secret } = await enrolled("operator", now);
    const token = await pendingToken(email, now);
    let last: Awaited<ReturnType<typeof signInWithCode>> | undefined;
    for (let i = 0; i < SECOND_FACTOR_RULE.limit; i++)
      last = await signInWithCode(deps, token, "000000", now);
    expect(last).toMatchObject({ ok: false, exhausted: true, message: expect.stringContaining("Too many") });
    expect(await signInWithCode(deps, token, totpCode(secret, now), now)).toMatchObject({
      ok: false,
      reason: "expired",
    });
    const fresh = await pendingToken(email, now);
    expect(await signInWithCode(deps, fresh, totpCode(secret, now), now)).toMatchObject({
      ok: false,
      message: expect.stringContaining("Too many"),
    });
  });
});

describe("the required-factor switch", () => {
  it("holds an approver without a factor at Your account until they set one up; operators are not held", async () => {
    const admin = await addTestUser(t.db, {
      email: `boss-${crypto.randomUUID()}@example.com`,
      password: PASSWORD,
      role: "admin",
    });
    const operatorRefused = await saveSecondFactorSetting(t.db, { id: admin.id, role: "operator" }, true);
    expect(operatorRefused.ok).toBe(false);
    expect(await saveSecondFactorSetting(t.db, admin, true)).toMatchObject({ ok: true });
    try {
      const now = new Date();
      const approver = await addTestUser(t.db, {
        email: `ap-${crypto.randomUUID()}@example.com`,
        password: PASSWORD,
        role: "approver",
      });
      const operator = await addTestUser(t.db, {
        email: `op-${crypto.randomUUID()}@example.com`,
        password: PASSWORD,
        role: "operator",
      });
      const a = await password(approver.email, now);
      expect(a).toMatchObject({ ok: true, user: { mustEnrolSecondFactor: true } });
      if (!a.ok) return;
      const held = await validateSession(t.db, a.token, now);
      expect(held.ok && held.user.mustEnrolSecondFactor).toBe(true);
      expect(await password(operator.email, now)).toMatchObject({
        ok: true,
        user: { mustEnrolSecondFactor: false },
      });

      const started = await startTotpEnrolment(deps, approver);
      if (!started.ok) throw new Error(started.message);
      await confirmTotpEnrolment(deps, approver, totpCode(started.setup.secret, now), now, {
        password: PASSWORD,
      });
      const free = await validateSession(t.db, a.token, now);
      expect(free.ok && free.user.mustEnrolSecondFactor).toBe(false);
      expect(await listAudit(t.db, { action: "settings.second-factor" })).not.toHaveLength(0);
    } finally {
      await saveSecondFactorSetting(t.db, admin, false);
    }
  });
});

describe("step-up", () => {
  it("asks a user with a factor for a code, not the password; fresh for five minutes on that session only", async () => {
    const now = new Date();
    const { user, email, secret, recoveryCodes } = await enrolled("approver", now);
    const signedIn = await signInWithCode(deps, await pendingToken(email, now), recoveryCodes[1] ?? "", now);
    if (!signedIn.ok) throw new Error("not signed in");
    const session = await validateSession(t.db, signedIn.token, now);
    if (!session.ok) throw new Error("no session");
    const sessionId = session.sessionId;
    const factorDeps = async () => deps;

    // A recovery-code sign-in is no factor for approving (issue 44 §2): a code is asked at once…
    expect(await verifyStepUp(t.db, user.id, { sessionId }, now, factorDeps)).toMatchObject({
      ok: false,
      fieldErrors: { code: expect.stringContaining("6-digit code") },
    });
    // …it is fresh only to enrol a new factor, for five minutes;
    expect(await freshSecondFactor(t.db, user.id, now, sessionId, "enrol-factor")).toBe("fresh");
    // the pages say so: no code field to enrol meanwhile, a code field to approve, and to enrol after.
    const later = new Date(now.getTime() + STEP_UP_VALID_MS + 1000);
    expect(await stepUpPrompt(t.db, user.id, sessionId, now, "enrol-factor")).toMatchObject({ fresh: true });
    expect(await stepUpPrompt(t.db, user.id, sessionId, now)).toMatchObject({ fresh: false });
    expect(await stepUpPrompt(t.db, user.id, sessionId, later, "enrol-factor")).toMatchObject({
      fresh: false,
    });
    // then a code is needed for that too; the password alone is refused, naming the code field.
    expect(
      await verifyStepUp(t.db, user.id, { sessionId, password: PASSWORD }, later, factorDeps),
    ).toMatchObject({
      ok: false,
      fieldErrors: { code: expect.stringContaining("6-digit code") },
    });
    expect(
      await verifyStepUp(t.db, user.id, { sessionId, code: recoveryCodes[2] }, later, factorDeps),
    ).toMatchObject({
      ok: false,
      fieldErrors: { code: expect.stringContaining("Recovery codes are for signing in") },
    });
    const wrong = await verifyStepUp(t.db, user.id, { sessionId, code: "000000" }, later, factorDeps);
    expect(wrong).toMatchObject({ ok: false, fieldErrors: { code: expect.stringContaining("not right") } });
    expect(await freshSecondFactor(t.db, user.id, later, sessionId, "enrol-factor")).toBe("required");

    const ok = await verifyStepUp(
      t.db,
      user.id,
      { sessionId, code: totpCode(secret, later) },
      later,
      factorDeps,
    );
    expect(ok).toMatchObject({ ok: true, method: "second-factor" });
    expect(await freshSecondFactor(t.db, user.id, new Date(later.getTime() + 60_000), sessionId)).toBe(
      "fresh",
    );
    expect(await freshSecondFactor(t.db, user.id, later, undefined)).toBe("required");
  });

  it("asks a user with no factor for the password", async () => {
    const user = await addTestUser(t.db, {
      email: `pw-${crypto.randomUUID()}@example.com`,
      password: PASSWORD,
      role: "approver",
    });
    expect(await freshSecondFactor(t.db, user.id, new Date())).toBe("none");
    expect(await verifyStepUp(t.db, user.id, { password: PASSWORD })).toMatchObject({
      ok: true,
      method: "password",
    });
    expect(await verifyStepUp(t.db, user.id, { password: "nope" })).toMatchObject({
      ok: false,
      fieldErrors: { password: "Wrong password." },
    });
  });
});

describe("removing and resetting", () => {
  it("an admin's reset removes every factor and code, signs the user out, and is audited; not one's own", async () => {
    const now = new Date();
    const admin = await addTestUser(t.db, {
      email: `root-${crypto.randomUUID()}@example.com`,
      password: PASSWORD,
      role: "admin",
    });
    const { user, email, secret } = await enrolled("approver", now);
    // The code of the step that confirmed the app is spent: the next step's.
    const next = totpCode(secret, new Date(now.getTime() + 30_000));
    const signedIn = await signInWithCode(deps, await pendingToken(email, now), next, now);
    if (!signedIn.ok) throw new Error("not signed in");

    expect(await resetUserSecondFactors(t.db, admin, admin.id)).toMatchObject({ ok: false });
    expect(await resetUserSecondFactors(t.db, { id: user.id, role: "approver" }, admin.id)).toMatchObject({
      ok: false,
    });
    expect(await resetUserSecondFactors(t.db, admin, user.id)).toMatchObject({ ok: true });
    expect(await listSecondFactors(t.db, user.id, true)).toHaveLength(0);
    expect(await countUnusedRecoveryCodes(t.db, user.id)).toBe(0);
    expect((await validateSession(t.db, signedIn.token, now)).ok).toBe(false);
    const audit = await listAudit(t.db, { action: "user.second-factor-reset", target: user.id });
    expect(audit[0]).toMatchObject({ userId: admin.id, details: { removed: 1 } });
    // The password alone signs in again.
    expect(await password(email, now)).toMatchObject({ ok: true });
  });

  it("removing the last factor takes the recovery codes with it; new codes replace old ones", async () => {
    const now = new Date();
    const { user, secret, recoveryCodes } = await enrolled("operator", now);
    // No session checked a factor here: the step-up is a code from the app (the next step's, this one spent).
    const code = (n: number) => ({ code: totpCode(secret, new Date(now.getTime() + n * 30_000)) });
    const again = await regenerateRecoveryCodes(deps, user.id, new Date(now.getTime() + 30_000), code(1));
    expect(again.ok && again.recoveryCodes?.some((c) => recoveryCodes.includes(c))).toBe(false);
    const [factor] = await listSecondFactors(t.db, user.id);
    const removed = await removeFactor(
      deps,
      user.id,
      factor?.id ?? "",
      new Date(now.getTime() + 60_000),
      code(2),
    );
    expect(removed).toMatchObject({ ok: true });
    expect(await countUnusedRecoveryCodes(t.db, user.id)).toBe(0);
    expect(await regenerateRecoveryCodes(deps, user.id, now, { password: PASSWORD })).toMatchObject({
      ok: false,
      message: expect.stringContaining("first"),
    });
  });
});
