import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import type { Role } from "../lib/auth/roles";
import { E2E } from "./config";

/**
 * Staff flows the specs share: a signed-out browser, signing in through /login, adding a user through
 * /users, and the accessibility bar of the staff pages. One copy each, so a change to the sign-in form or
 * the Users page is made here once.
 */

/** Nobody signed in: the storage state of a fresh visitor. */
export const SIGNED_OUT = { cookies: [], origins: [] };

/** A browser context on the running test's instance with nobody signed in (close it when done). */
export function signedOutContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: instanceUrl(), storageState: SIGNED_OUT });
}

/** The base URL of the instance the running test's project is on (E2E, or E2E.wide). */
export function instanceUrl(): string {
  return test.info().project.use.baseURL ?? E2E.baseUrl;
}

/** Submits /login (with `next` when given); what comes of it is for the caller to check. */
export async function signIn(page: Page, email: string, password: string, next?: string): Promise<void> {
  await page.goto(next ? `/login?next=${encodeURIComponent(next)}` : "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export interface NewStaffUser {
  email: string;
  password: string;
  role: Role;
  /** Left empty when absent. */
  name?: string;
}

/** Fills "Change password" on /account and submits it; what comes of it is for the caller to check. */
export async function changePassword(page: Page, current: string, next: string): Promise<void> {
  const form = page.getByRole("region", { name: "Change password" });
  await form.getByLabel("Current password").fill(current);
  await form.getByLabel("New password", { exact: true }).fill(next);
  await form.getByLabel("Repeat the new password").fill(next);
  await form.getByRole("button", { name: "Change password" }).click();
}

/** The notice /account shows while the one-time password an admin gave must be replaced. */
export const FORCED_CHANGE_NOTICE = "An admin set your password. Choose your own password to continue";

/**
 * Adds a user through /users as the admin `page` and waits until the page says so and lists them. The
 * password an admin types there works only until its user replaces it at sign-in: so unless
 * `firstSignIn: false`, the user is added with another (initial) password and then, in a browser of their
 * own (closed after), signs in once and chooses `user.password`, as a new colleague would; the caller can
 * then sign in with `user.password` as often as it likes. With `firstSignIn: false` the initial password is
 * `user.password` and the first sign-in is the caller's.
 */
export async function addUser(
  page: Page,
  user: NewStaffUser,
  { firstSignIn: signInFirst = true }: { firstSignIn?: boolean } = {},
): Promise<void> {
  const initial = signInFirst ? `initial-${crypto.randomUUID().slice(0, 12)}` : user.password;
  await page.goto("/users");
  const form = page.locator("form", { has: page.getByRole("button", { name: "Add user" }) });
  await form.getByLabel("Email").fill(user.email);
  if (user.name) await form.getByLabel("Name").fill(user.name);
  await form.getByLabel("Role", { exact: true }).selectOption(user.role);
  await form.getByLabel("Initial password").fill(initial);
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Added ${user.email}` })).toBeVisible();
  await expect(page.locator(`tr[data-user-email="${user.email}"]`)).toBeVisible();
  if (!signInFirst) return;
  const browser = page.context().browser();
  if (!browser) throw new Error("addUser: the admin's page has no browser to open the new user's own");
  const theirs = await signedOutContext(browser);
  try {
    const first = await theirs.newPage();
    await firstSignIn(first, user.email, initial, user.password);
    // Signed out again: the callers find no session of theirs they did not open.
    await first.locator("aside").getByRole("button", { name: "Sign out" }).click();
    await expect(first).toHaveURL(/\/login/);
  } finally {
    await theirs.close();
  }
}

/**
 * A new user's first sign-in on `page` (signed out): with the password an admin gave, which opens only
 * /account, where they replace it with `chosen`. Left signed in: on the overview, or still on /account when
 * their role must set up a second factor first.
 */
export async function firstSignIn(page: Page, email: string, given: string, chosen: string): Promise<void> {
  await signIn(page, email, given);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("main").getByRole("alert").first()).toContainText(FORCED_CHANGE_NOTICE);
  await changePassword(page, given, chosen);
  await expect(page.getByText(FORCED_CHANGE_NOTICE)).toHaveCount(0);
}

/** Adds an operator through /users as the admin `page` (email `<prefix>-<random>@example.com`) and returns
 * its email and password. */
export async function addTestOperator(
  page: Page,
  prefix: string,
): Promise<{ email: string; password: string }> {
  const user = {
    email: `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: "first-password-123",
  };
  await addUser(page, { ...user, role: "operator" });
  return user;
}

/**
 * axe's serious and critical findings on the page, as "rule: nodes" lines (an empty list passes). The shell's
 * sandbox banner sits outside a landmark, a moderate "region" finding: below the bar.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  return (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
