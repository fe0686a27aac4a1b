import { mkdirSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, type StaffRole, test, unique } from "./fixtures";
import { approvalsOff, createBankAccountPayout, holdLargeRoublePayouts } from "./payout-approvals";
import {
  addVirtualAuthenticator,
  approveWithCode,
  enrolPasskey,
  enrolTotp,
  expectCodeAsked,
  nextTotpCode,
} from "./second-factor";
import { addUser, instanceUrl, seriousAxeViolations, signIn } from "./staff";

/**
 * A second factor (issue 17 §2): an authenticator app set up under Your account and asked at sign-in; a
 * recovery code that works once; a passkey with Chromium's virtual authenticator (CDP WebAuthn domain);
 * step-up with a code when approving a pay-out, and when changing one's factors (the password before the
 * first, then a code unless the session checked a factor within five minutes); and the admins' switch that
 * sends an approver without a factor to set one up before anything else opens. Only fresh users get factors:
 * the shared admin never does.
 */

// The approvals threshold and the required-factor switch are one setting each for the whole dashboard.
test.describe.configure({ mode: "serial" });

const SHOTS = "/tmp/shots-factor";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
mkdirSync(SHOTS, { recursive: true });

/** Desktop and phone screenshots of the page as it is now, into SHOTS. */
async function shots(page: Page, name: string): Promise<void> {
  // From the top: a full-page shot of a scrolled page draws the sticky header in its middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/${name}-mobile.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

interface Person {
  email: string;
  password: string;
  context: BrowserContext;
  page: Page;
}

/** The running test's instance as localhost: WebAuthn takes no IP address as its relying party. */
function localhostUrl(): string {
  const url = new URL(instanceUrl());
  url.hostname = "localhost";
  return url.origin;
}

/** A new user (added by the admin's `admin` page), signed in on a context of their own at `baseURL`. */
async function person(admin: Page, role: StaffRole, baseURL: string = instanceUrl()): Promise<Person> {
  const email = `factor-${role}-${unique()}@example.com`;
  const password = `${role}-password-123`;
  await addUser(admin, { email, password, role });
  const context = await admin
    .context()
    .browser()!
    .newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
  return { email, password, context, page };
}

/**
 * Your account → Make new recovery codes, on a session that checked no factor since it set the app up (with
 * the password): the dialog asks for the app's code, refuses without one, and shows ten new codes with it.
 */
async function newRecoveryCodes(page: Page, secret: string): Promise<string[]> {
  await page.goto("/account");
  await page.getByRole("button", { name: "Make new recovery codes" }).click();
  const dialog = page.getByRole("dialog", { name: "Make new recovery codes?" });
  await expect(dialog.getByLabel("Your password")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Make new codes" }).click();
  await expect(dialog.getByLabel("Authentication code")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  await dialog.getByLabel("Authentication code").fill(nextTotpCode(secret));
  await dialog.getByRole("button", { name: "Make new codes" }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const list = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(list).toHaveCount(10);
  const codes = await list.allTextContents();
  await page.getByRole("button", { name: "I have saved them" }).click();
  return codes;
}

async function signOut(page: Page): Promise<void> {
  await page.goto("/account");
  await page.locator("aside").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** The password step; the page is then the second step. */
async function passwordStep(page: Page, p: Person): Promise<void> {
  await signIn(page, p.email, p.password);
  await expect(page.getByRole("heading", { name: "Second factor" })).toBeVisible();
}

test("authenticator app: set up with a code, then sign-in asks for it after the password", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const me = await person(page, "operator");
  try {
    const { secret } = await enrolTotp(me.page, me.password, (name) => shots(me.page, name));
    await shots(me.page, "account-factors");
    await signOut(me.page);

    await passwordStep(me.page, me);
    // Not signed in yet: the dashboard sends a half-signed-in browser back to the sign-in.
    await me.page.goto("/orders");
    await expect(me.page).toHaveURL(/\/login/);
    await passwordStep(me.page, me);
    expect(await seriousAxeViolations(me.page)).toEqual([]);
    await me.page.getByLabel("Authentication code").fill("123456");
    await me.page.getByRole("button", { name: "Verify" }).click();
    await expect(me.page.getByLabel("Authentication code")).toHaveAttribute("aria-invalid", "true");
    await expect(me.page.getByText("That code is not right")).toBeVisible();
    await shots(me.page, "sign-in-code");
    // The code of the next 30-second step: the one that confirmed the app is spent.
    await me.page.getByLabel("Authentication code").fill(nextTotpCode(secret));
    await me.page.getByRole("button", { name: "Verify" }).click();
    await expect(me.page).not.toHaveURL(/\/login/);
    await expect(me.page.locator("aside").getByRole("button", { name: "Sign out" })).toBeVisible();
  } finally {
    await me.context.close();
  }
});

test("a recovery code signs in once; used again it is refused", async ({ page }) => {
  test.setTimeout(120_000);
  const me = await person(page, "viewer");
  try {
    const { secret, codes: first } = await enrolTotp(me.page, me.password);
    const codes = await newRecoveryCodes(me.page, secret);
    expect(codes.some((c) => first.includes(c))).toBe(false);
    const code = codes[3] ?? "";
    await signOut(me.page);
    await passwordStep(me.page, me);
    await me.page.getByLabel("Authentication code").fill(code.toUpperCase());
    await me.page.getByRole("button", { name: "Verify" }).click();
    await expect(me.page).not.toHaveURL(/\/login/);
    await me.page.goto("/account");
    await expect(me.page.getByTestId("recovery-count")).toHaveText("9 of 10 unused.");

    await signOut(me.page);
    await passwordStep(me.page, me);
    await me.page.getByLabel("Authentication code").fill(code);
    await me.page.getByRole("button", { name: "Verify" }).click();
    await expect(me.page.getByText("That code is not right (or was used already)")).toBeVisible();
    await expect(me.page.getByLabel("Authentication code")).toHaveAttribute("aria-invalid", "true");
    // Another code still works.
    await me.page.getByLabel("Authentication code").fill(codes[4] ?? "");
    await me.page.getByRole("button", { name: "Verify" }).click();
    await expect(me.page).not.toHaveURL(/\/login/);
  } finally {
    await me.context.close();
  }
});

test("passkey: added under Your account and used to sign in (Chromium's virtual authenticator)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // WebAuthn takes no IP address as its relying party: this person uses the dashboard as localhost.
  const me = await person(page, "operator", localhostUrl());
  try {
    await addVirtualAuthenticator(me.page);
    await me.page.goto("/account");
    const add = me.page.getByRole("form", { name: "Add a passkey" });
    // The name is required.
    await add.getByRole("button", { name: "Add passkey" }).click();
    await expect(add.getByLabel("Passkey name")).toHaveAttribute("aria-invalid", "true");
    await add.getByLabel("Passkey name").fill("Test laptop");
    // So is the password, the first factor's step-up: refused, the browser is not even asked for a passkey.
    await add.getByRole("button", { name: "Add passkey" }).click();
    await expect(add.getByLabel("Your password")).toHaveAttribute("aria-invalid", "true");
    await expect(add.getByText("Enter your password to confirm.")).toBeVisible();
    await expect(me.page.getByText("No second factor yet.")).toBeVisible();
    await add.getByLabel("Your password").fill(me.password);
    await add.getByRole("button", { name: "Add passkey" }).click();
    await expect(me.page.getByText("Passkey “Test laptop” added.")).toBeVisible({ timeout: 20_000 });
    await expect(me.page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    await me.page.getByRole("button", { name: "I have saved them" }).click();
    const factors = me.page.getByRole("list", { name: "Your second factors" });
    await expect(factors).toContainText("Test laptop");

    // Rename it.
    await me.page.getByRole("button", { name: "Rename Test laptop" }).click();
    await me.page.getByLabel("New name for Test laptop").fill("Work laptop");
    await me.page.getByRole("button", { name: "Save name" }).click();
    await expect(factors).toContainText("Work laptop");
    await shots(me.page, "account-passkey");

    await signOut(me.page);
    await passwordStep(me.page, me);
    await shots(me.page, "sign-in-passkey");
    await me.page.getByRole("button", { name: "Use passkey" }).click();
    await expect(me.page).not.toHaveURL(/\/login/, { timeout: 20_000 });
    await expect(me.page.locator("aside").getByRole("button", { name: "Sign out" })).toBeVisible();

    // Removed: signed in with the passkey moments ago, the session needs no other proof (no password, no
    // code, the passkey not asked again). Then it no longer is asked for: the password alone signs in.
    await me.page.goto("/account");
    await me.page.getByRole("button", { name: "Remove Work laptop" }).click();
    const remove = me.page.getByRole("dialog", { name: "Remove Work laptop?" });
    await expect(remove.getByLabel("Your password")).toHaveCount(0);
    await remove.getByRole("button", { name: "Remove" }).click();
    await expect(remove).toBeHidden({ timeout: 20_000 });
    await expect(me.page.getByText("You have no second factor now")).toBeVisible();
    await signOut(me.page);
    await signIn(me.page, me.email, me.password);
    await expect(me.page).not.toHaveURL(/\/login/);
  } finally {
    await me.context.close();
  }
});

test("approving a pay-out asks an approver with an authenticator app for a code, not the password", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await holdLargeRoublePayouts(page);
  const operator = await person(page, "operator");
  const approver = await person(page, "approver");
  try {
    const { secret } = await enrolTotp(approver.page, approver.password);
    await createBankAccountPayout(operator.page, "777777.14");
    await expect(operator.page.getByTestId("approval-card")).toContainText("Awaiting approval");
    const orderUrl = operator.page.url();

    await approver.page.goto(orderUrl);
    await approver.page.getByRole("button", { name: "Approve…" }).click();
    const dialog = approver.page.getByRole("dialog", { name: "Approve and send this pay-out" });
    await expectCodeAsked(dialog, () => shots(approver.page, "step-up-dialog"));
    await expect(approver.page.getByTestId("approval-card")).toContainText("Awaiting approval");
    await approveWithCode(dialog, secret);
    await expect(approver.page.getByTestId("approval-card")).toContainText(`by ${approver.email}`);
  } finally {
    await approvalsOff(page);
    await operator.context.close();
    await approver.context.close();
  }
});

test("approving a pay-out with a passkey: an approver whose only factor is a passkey uses it in the dialog", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await holdLargeRoublePayouts(page);
  const operator = await person(page, "operator");
  // WebAuthn takes no IP address as its relying party: the approver uses the dashboard as localhost.
  const localhost = localhostUrl();
  const approver = await person(page, "approver", localhost);
  try {
    await addVirtualAuthenticator(approver.page);
    await enrolPasskey(approver.page, "Approver laptop", approver.password);
    await createBankAccountPayout(operator.page, "777777.14");
    await expect(operator.page.getByTestId("approval-card")).toContainText("Awaiting approval");
    const orderPath = new URL(operator.page.url()).pathname;

    await approver.page.goto(`${localhost}${orderPath}`);
    await approver.page.getByRole("button", { name: "Approve…" }).click();
    const dialog = approver.page.getByRole("dialog", { name: "Approve and send this pay-out" });
    // A passkey only: neither the password nor a code is asked.
    await expect(dialog.getByLabel("Your password")).toHaveCount(0);
    await expect(dialog.getByLabel("Authentication code")).toHaveCount(0);
    // Not confirmed yet: approving is refused and nothing is sent.
    await dialog.getByRole("button", { name: "Approve and send" }).click();
    const refusal = dialog.getByText("Confirm it is you with your passkey first");
    await expect(refusal).toBeVisible();
    await expect(approver.page.getByTestId("approval-card")).toContainText("Awaiting approval");
    await dialog.getByRole("button", { name: "Confirm with a passkey" }).click();
    await expect(dialog.getByText("Passkey confirmed: you may confirm now.")).toBeVisible({
      timeout: 20_000,
    });
    // The refusal that asked for it is gone: the dialog says one thing.
    await expect(refusal).toHaveCount(0);
    await shots(approver.page, "step-up-passkey-dialog");
    await dialog.getByRole("button", { name: "Approve and send" }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(approver.page.getByTestId("approval-card")).toContainText(`by ${approver.email}`);
  } finally {
    await approvalsOff(page);
    await operator.context.close();
    await approver.context.close();
  }
});

test("with the switch on, an approver without a factor sets one up at sign-in before anything else opens; an admin resets it", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const approver = await person(page, "approver");
  await approver.context.clearCookies();
  try {
    await setFactorRequired(page, true);
    await shots(page, "settings-second-factor");
    await signIn(approver.page, approver.email, approver.password);
    await expect(approver.page).toHaveURL(/\/account$/);
    const held = approver.page.getByRole("alert").filter({ hasText: "Your role requires a second factor" });
    await expect(held).toBeVisible();
    await approver.page.goto("/orders");
    await expect(approver.page).toHaveURL(/\/account$/);
    await shots(approver.page, "required-enrolment");
    await enrolTotp(approver.page, approver.password);
    await approver.page.reload();
    await expect(held).toHaveCount(0);
    await approver.page.goto("/orders");
    await expect(approver.page).toHaveURL(/\/orders$/);
  } finally {
    await setFactorRequired(page, false);
  }
  try {
    // The admin resets it: the approver is signed out, and the password alone signs in again.
    await page.goto("/users");
    await expect(page.locator(`tr[data-user-email="${approver.email}"]`)).toContainText("Second factor on");
    await page.getByRole("button", { name: `Reset second factor of ${approver.email}` }).click();
    await shots(page, "users-reset-dialog");
    await page
      .getByRole("dialog", { name: `Reset the second factor of ${approver.email}?` })
      .getByRole("button", { name: "Reset second factor" })
      .click();
    await expect(
      page.getByText(`${approver.email}'s second factors and recovery codes are removed`),
    ).toBeVisible();
    await page.goto("/users");
    await expect(page.getByText("Reset the second factors of").first()).toBeVisible();
    await approver.page.goto("/orders");
    await expect(approver.page).toHaveURL(/\/login/);
    await signIn(approver.page, approver.email, approver.password, "/orders");
    await expect(approver.page).toHaveURL(/\/orders$/);
  } finally {
    await approver.context.close();
  }
});

async function setFactorRequired(admin: Page, on: boolean): Promise<void> {
  await admin.goto("/settings");
  const toggle = admin.getByRole("switch", { name: "Require a second factor for admins and approvers" });
  if ((await toggle.isChecked()) !== on) await toggle.click();
  await expect(toggle).toBeChecked({ checked: on });
  await expect(admin.getByText(on ? "Second factor required" : "Second factor optional")).toBeVisible();
}
