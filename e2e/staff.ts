import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import type { Role } from "../lib/auth/roles";
import { E2E } from "./config";

/**
 * Staff flows the specs share: a signed-out browser, signing in through /login, adding a user through
 * /users, and the accessibility bar of the staff pages. One copy each, so a change to the sign-in form or
 * the Users page is made here once.
 */

/** Nobody signed in: the storage state of a fresh visitor. */
export const SIGNED_OUT = { cookies: [], origins: [] };

/** A browser context on the e2e server with nobody signed in (close it when done). */
export function signedOutContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: E2E.baseUrl, storageState: SIGNED_OUT });
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

/** Adds a user through /users as the admin `page`, and waits until the page says so and lists them. */
export async function addUser(page: Page, user: NewStaffUser): Promise<void> {
  await page.goto("/users");
  const form = page.locator("form", { has: page.getByRole("button", { name: "Add user" }) });
  await form.getByLabel("Email").fill(user.email);
  if (user.name) await form.getByLabel("Name").fill(user.name);
  await form.getByLabel("Role", { exact: true }).selectOption(user.role);
  await form.getByLabel("Initial password").fill(user.password);
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Added ${user.email}` })).toBeVisible();
  await expect(page.locator(`tr[data-user-email="${user.email}"]`)).toBeVisible();
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
