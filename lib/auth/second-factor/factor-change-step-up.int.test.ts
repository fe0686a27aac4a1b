/**
 * Changing one's own second factors needs the step-up approving a pay-out needs (docs/security.md, Step-up),
 * through the server actions as Next calls them (real database, TEST_DB backend; the cookie jar and page
 * cache stood in for): a first factor asks for the password; with a factor, a code from the app unless this
 * session checked one within five minutes (signing in with it counts). A refusal names its field and
 * changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { confirmTotpAction } from "@/lib/actions/confirm-totp-action";
import { newRecoveryCodesAction } from "@/lib/actions/new-recovery-codes-action";
import { passkeyRegistrationOptionsAction } from "@/lib/actions/passkey-registration-options-action";
import { registerPasskeyAction } from "@/lib/actions/register-passkey-action";
import { removeFactorAction } from "@/lib/actions/remove-factor-action";
import { signInAction } from "@/lib/actions/sign-in-action";
import { signInCodeAction } from "@/lib/actions/sign-in-code-action";
import { startTotpEnrolmentAction } from "@/lib/actions/start-totp-enrolment-action";
import type { Database } from "@/lib/database";
import { listAudit } from "@/lib/database/dashboard/queries/audit";
import {
  countUnusedRecoveryCodes,
  listSecondFactors,
  markSessionSecondFactor,
} from "@/lib/database/dashboard/queries/second-factors";
import { runtime } from "@/lib/runtime";
import { postForm } from "@/lib/testing/action-session";
import { addTestUser } from "@/lib/testing/auth-database";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import { testRequest } from "@/lib/testing/next-headers";
import { softwarePasskeyRegistration } from "@/lib/testing/software-passkey";
import { sessionCookieName } from "../cookie";
import { validateSession } from "../session";
import { STEP_UP_PASSWORD_RULE, STEP_UP_VALID_MS, verifyStepUp } from "../step-up";
import { totpCode } from "./totp";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

let rt: TestRuntime | undefined;
let db: Database;
const PASSWORD = "right-password-1";
const ASK_PASSWORD = { password: "Enter your password to confirm." };
const ASK_CODE = { code: expect.stringContaining("6-digit code") };

beforeAll(async () => {
  rt = await startTestRuntime("factor_step_up", { SECOND_FACTOR_KEY: "ef".repeat(32) });
  db = rt.db;
});
afterAll(async () => {
  await rt?.close();
});

/** A new operator signed in with the password alone (no factor yet): their session is in the cookie jar. */
async function signedInWithPassword() {
  testRequest.cookies.clear();
  const email = `operator-${crypto.randomUUID()}@example.com`;
  const user = await addTestUser(db, { email, password: PASSWORD, role: "operator" });
  expect(await postForm(signInAction, { email, password: PASSWORD, next: "/" })).toEqual({ redirect: "/" });
  return user;
}

/** Signed in with the password, then an authenticator app set up with it: no factor checked on the session. */
async function withAuthenticatorApp() {
  const user = await signedInWithPassword();
  const started = await startTotpEnrolmentAction();
  if (!started.ok) throw new Error(started.message);
  const code = totpCode(started.setup.secret, new Date());
  const confirmed = await confirmTotpAction({ code, password: PASSWORD });
  expect(confirmed).toMatchObject({ ok: true });
  const recoveryCodes = "recoveryCodes" in confirmed ? (confirmed.recoveryCodes ?? []) : [];
  const [factor] = await listSecondFactors(db, user.id);
  return { ...user, secret: started.setup.secret, factorId: factor?.id ?? "", recoveryCodes };
}

/** The app's next code: the current step's was spent confirming it. */
const nextCode = (secret: string) => totpCode(secret, new Date(Date.now() + 30_000));

/** A passkey's options asked for with `proof` (where the step-up is checked), then a software one registered. */
async function addPasskey(proof: { password?: string; code?: string }) {
  const answer = await passkeyRegistrationOptionsAction(proof);
  if (!answer.ok) return answer;
  const { relyingParty } = await runtime().secondFactorDeps();
  const response = softwarePasskeyRegistration(answer.options, relyingParty.origins[0] ?? "");
  return registerPasskeyAction({ name: "Laptop", response });
}

/** A passkey answering a challenge the dashboard never issued. */
async function passkeyForUnissuedChallenge() {
  const { relyingParty } = await runtime().secondFactorDeps();
  const options = {
    rp: { id: relyingParty.id, name: relyingParty.name },
    user: { id: "dXNlcg", name: "user", displayName: "user" },
    challenge: "bmV2ZXItaXNzdWVk",
    pubKeyCredParams: [],
  };
  return softwarePasskeyRegistration(options, relyingParty.origins[0] ?? "");
}

async function unchanged(userId: string, factors: number, recoveryCodes: number) {
  expect(await listSecondFactors(db, userId)).toHaveLength(factors);
  expect(await countUnusedRecoveryCodes(db, userId)).toBe(recoveryCodes);
}

describe("a first factor asks for the password", () => {
  it("an authenticator app: refused without it or with a wrong one, set up with it, and audited", async () => {
    const user = await signedInWithPassword();
    const started = await startTotpEnrolmentAction();
    if (!started.ok) throw new Error(started.message);
    const code = totpCode(started.setup.secret, new Date());
    expect(await confirmTotpAction({ code })).toMatchObject({ ok: false, fieldErrors: ASK_PASSWORD });
    expect(await confirmTotpAction({ code, password: "wrong-password" })).toMatchObject({
      ok: false,
      fieldErrors: { password: "Wrong password." },
    });
    await unchanged(user.id, 0, 0);
    expect(await confirmTotpAction({ code, password: PASSWORD })).toMatchObject({ ok: true });
    await unchanged(user.id, 1, 10);
    expect(await listAudit(db, { action: "user.second-factor-add", target: user.id })).toHaveLength(1);
  });

  it("wrong passwords count against the step-up's limit: then even the right one is refused", async () => {
    const user = await signedInWithPassword();
    const started = await startTotpEnrolmentAction();
    if (!started.ok) throw new Error(started.message);
    const code = totpCode(started.setup.secret, new Date());
    for (let i = 0; i < STEP_UP_PASSWORD_RULE.limit; i++) await confirmTotpAction({ code, password: "nope" });
    expect(await confirmTotpAction({ code, password: PASSWORD })).toMatchObject({
      ok: false,
      fieldErrors: { password: expect.stringContaining("Too many wrong passwords") },
    });
    await unchanged(user.id, 0, 0);
  });

  it("a passkey: refused without it (no challenge issued), added with it", async () => {
    const user = await signedInWithPassword();
    expect(await addPasskey({})).toMatchObject({ ok: false, fieldErrors: ASK_PASSWORD });
    expect(await addPasskey({ password: "wrong-password" })).toMatchObject({
      ok: false,
      fieldErrors: { password: "Wrong password." },
    });
    // Registering needs a challenge, and only the options, after the step-up, issue one.
    const response = await passkeyForUnissuedChallenge();
    expect(await registerPasskeyAction({ name: "Laptop", response })).toMatchObject({
      ok: false,
      message: expect.stringContaining("expired"),
    });
    await unchanged(user.id, 0, 0);
    const added = await addPasskey({ password: PASSWORD });
    expect(added).toMatchObject({ ok: true, recoveryCodes: expect.any(Array) });
    await unchanged(user.id, 1, 10);

    // An authenticator app next: the password is no longer enough, the passkey is asked for.
    const started = await startTotpEnrolmentAction();
    if (!started.ok) throw new Error(started.message);
    const code = totpCode(started.setup.secret, new Date());
    expect(await confirmTotpAction({ code, password: PASSWORD })).toMatchObject({
      ok: false,
      fieldErrors: { passkey: expect.stringContaining("Confirm with a passkey") },
    });
    await unchanged(user.id, 1, 10);
  });
});

describe("with a factor and none checked on this session, a code from the app", () => {
  it("new recovery codes: refused without a code and with the password, made with a code", async () => {
    const me = await withAuthenticatorApp();
    expect(await newRecoveryCodesAction({})).toMatchObject({ ok: false, fieldErrors: ASK_CODE });
    expect(await newRecoveryCodesAction({ password: PASSWORD })).toMatchObject({
      ok: false,
      fieldErrors: ASK_CODE,
    });
    expect(await newRecoveryCodesAction({ code: "000000" })).toMatchObject({
      ok: false,
      fieldErrors: { code: expect.stringContaining("not right") },
    });
    const before = await listAudit(db, { action: "user.recovery-codes", target: me.id });
    expect(before).toHaveLength(0);
    const made = await newRecoveryCodesAction({ code: nextCode(me.secret) });
    expect(made).toMatchObject({ ok: true, recoveryCodes: expect.any(Array) });
    expect(await listAudit(db, { action: "user.recovery-codes", target: me.id })).toHaveLength(1);
  });

  it("removing a factor: refused without a code, removed with one", async () => {
    const me = await withAuthenticatorApp();
    expect(await removeFactorAction({ factorId: me.factorId })).toMatchObject({
      ok: false,
      fieldErrors: ASK_CODE,
    });
    expect(await removeFactorAction({ factorId: me.factorId, password: PASSWORD })).toMatchObject({
      ok: false,
      fieldErrors: ASK_CODE,
    });
    await unchanged(me.id, 1, 10);
    const code = nextCode(me.secret);
    expect(await removeFactorAction({ factorId: me.factorId, code })).toMatchObject({ ok: true });
    await unchanged(me.id, 0, 0);
    expect(await listAudit(db, { action: "user.second-factor-remove", target: me.id })).toHaveLength(1);
  });

  it("adding a passkey: refused without a code, added with one", async () => {
    const me = await withAuthenticatorApp();
    expect(await addPasskey({})).toMatchObject({ ok: false, fieldErrors: ASK_CODE });
    expect(await addPasskey({ password: PASSWORD })).toMatchObject({ ok: false, fieldErrors: ASK_CODE });
    await unchanged(me.id, 1, 10);
    expect(await addPasskey({ code: nextCode(me.secret) })).toMatchObject({ ok: true });
    await unchanged(me.id, 2, 10);
  });
});

describe("a session that checked its factor within five minutes", () => {
  it("signed in with the app: every change goes through without asking again; stale, it asks", async () => {
    const me = await withAuthenticatorApp();
    testRequest.cookies.clear();
    expect(await postForm(signInAction, { email: me.email, password: PASSWORD, next: "/" })).toEqual({
      redirect: "/login/second-factor?next=%2F",
    });
    expect(await postForm(signInCodeAction, { code: nextCode(me.secret), next: "/" })).toEqual({
      redirect: "/",
    });

    expect(await newRecoveryCodesAction({})).toMatchObject({ ok: true });
    expect(await addPasskey({})).toMatchObject({ ok: true });
    expect(await removeFactorAction({ factorId: me.factorId })).toMatchObject({ ok: true });
    const started = await startTotpEnrolmentAction();
    if (!started.ok) throw new Error(started.message);
    const code = totpCode(started.setup.secret, new Date());
    expect(await confirmTotpAction({ code })).toMatchObject({ ok: true });
    await unchanged(me.id, 2, 10);

    const session = await validateSession(db, testRequest.cookies.get(sessionCookieName()) ?? "");
    if (!session.ok) throw new Error("signed out");
    await markSessionSecondFactor(db, session.sessionId, new Date(Date.now() - STEP_UP_VALID_MS - 1000));
    expect(await newRecoveryCodesAction({})).toMatchObject({ ok: false, fieldErrors: ASK_CODE });
  });
});

describe("a session opened with a recovery code", () => {
  async function signedInWithRecoveryCode() {
    const me = await withAuthenticatorApp();
    testRequest.cookies.clear();
    expect(await postForm(signInAction, { email: me.email, password: PASSWORD, next: "/" })).toEqual({
      redirect: "/login/second-factor?next=%2F",
    });
    const recoveryCode = me.recoveryCodes[0] ?? "";
    expect(await postForm(signInCodeAction, { code: recoveryCode, next: "/" })).toEqual({ redirect: "/" });
    const session = await validateSession(db, testRequest.cookies.get(sessionCookieName()) ?? "");
    if (!session.ok) throw new Error("signed out");
    return { ...me, sessionId: session.sessionId };
  }

  it("approves no money: the approval's step-up still asks for a code from the app", async () => {
    const me = await signedInWithRecoveryCode();
    expect(await verifyStepUp(db, me.id, { sessionId: me.sessionId })).toMatchObject({
      ok: false,
      fieldErrors: ASK_CODE,
    });
    expect(await verifyStepUp(db, me.id, { sessionId: me.sessionId, password: PASSWORD })).toMatchObject({
      ok: false,
      fieldErrors: ASK_CODE,
    });
  });

  it("makes no new recovery codes and removes no factor without a code", async () => {
    const me = await signedInWithRecoveryCode();
    expect(await newRecoveryCodesAction({})).toMatchObject({ ok: false, fieldErrors: ASK_CODE });
    expect(await removeFactorAction({ factorId: me.factorId })).toMatchObject({
      ok: false,
      fieldErrors: ASK_CODE,
    });
    await unchanged(me.id, 1, 9);
  });

  it("enrols a new factor within five minutes of signing in, not after", async () => {
    const me = await signedInWithRecoveryCode();
    expect(await addPasskey({})).toMatchObject({ ok: true });
    await unchanged(me.id, 2, 9);
    await db.query("UPDATE sessions SET recovery_sign_in_at = $1 WHERE id = $2", [
      new Date(Date.now() - STEP_UP_VALID_MS - 1000),
      me.sessionId,
    ]);
    expect(await addPasskey({})).toMatchObject({ ok: false, fieldErrors: ASK_CODE });
    await unchanged(me.id, 2, 9);
  });
});
