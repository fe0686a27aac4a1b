import type { Browser, Locator, Page } from "@playwright/test";
import type { z } from "zod";
import type { BankDetailsKind, PayinMethod } from "../lib/contract/methods";
import { bankDetailsSchemas } from "../lib/contract/payin";
import type { SandboxOrder } from "../lib/contract/sandbox-controls";
import { UUID_GROUP, UUID_PATTERN } from "../lib/contract/uuid";
import { test as base, expect } from "../lib/sandbox/kit/playwright";
import { addUser, firstSignIn, signedOutContext } from "./staff";

/**
 * What the specs share: `test` with the sandbox QA kit (`sandbox`, lib/sandbox/kit: the fixture a QA team's
 * own suite uses, pointed at the e2e server's sandbox here), fixtures for
 * orders seeded through the dashboard's form (`createPayin`, and `taggedPair` for the list), a new signed-in
 * user (`staffMember`), `unique()`
 * for names no other run uses, `screenshot()` into the test's own output folder.
 */

export { expect, type SandboxOrder, UUID_GROUP, UUID_PATTERN };

/** A short token unlikely to repeat across runs and workers: tags the emails of seeded orders and users. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A full-page screenshot into this test's output folder (kept per run and per test). */
/** A customer's phone (Android Chrome): the pay page offers bank apps on it. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
};

/** The request body an order page's create call sent, as logged under "Calls to the payment service" (opened). */
export async function createRequestBody(page: Page): Promise<Locator> {
  const create = page
    .getByTestId("api-call")
    .filter({ hasText: /\/(payin|payout)\/create/ })
    .first();
  await create.getByText("Request and answer").click();
  return create.locator('pre[data-label="Request body"]');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: base.info().outputPath(`${name}.png`), fullPage: true });
}

/** `screenshot()` on a desktop and on a phone's width (`<name>-desktop`, `<name>-mobile`); ends on desktop. */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * A pay-in's bankDetails in the sandbox's record (the contract's SandboxOrder types them loosely: pay-outs
 * have none), checked against the contract's schema of its method's kind: a wrong shape fails the test here.
 */
export function detailsOf<K extends BankDetailsKind>(
  order: SandboxOrder,
  kind: K,
): z.output<(typeof bankDetailsSchemas)[K]> {
  return bankDetailsSchemas[kind].parse(order.bankDetails) as z.output<(typeof bankDetailsSchemas)[K]>;
}

export interface PayinSeed {
  method?: PayinMethod;
  /** As typed into the Amount field. */
  amount?: string;
  /** Typed into the bank picker, whose first match is chosen. */
  bank?: string;
  /** Typed into the Country field (the method's default country otherwise). */
  country?: string;
  email?: string;
  ip?: string;
  /** The client's optional personal data. */
  person?: { firstName: string; lastName: string; phone: string };
}

export interface SeededPayin {
  /** The dashboard's order id. */
  id: string;
  method: PayinMethod;
  paymentId: string;
  /** The payment service's (sandbox's) order id. */
  serviceId: string;
  clientId: string;
  email: string;
  /** The dashboard's order page. */
  orderUrl: string;
  /** /pay/<token>, the customer's page. */
  customerPath: string;
}

/** Two pay-ins whose emails share `tag`: a Card one paid at the sandbox, a CrossBorderCard one in progress. */
export interface TaggedPair {
  tag: string;
  paid: SeededPayin;
  open: SeededPayin;
}

/** The path of an order's page in the dashboard, e.g. /orders/<id>. */
export const ORDER_PAGE_URL = new RegExp(`/orders/${UUID_GROUP}$`);

/** A pay-in through the dashboard's form, as the page's signed-in staff; ends on the new order's page. */
export async function createPayinThroughForm(page: Page, seed: PayinSeed = {}): Promise<SeededPayin> {
  const method = seed.method ?? "Card";
  const email = seed.email ?? `client-${unique()}@example.com`;
  await page.goto("/payins/new");
  // The paymentId appears once the form is hydrated; choosing before that would be undone.
  await expect(page.getByTestId("payment-id")).toHaveText(UUID_PATTERN);
  const paymentId = ((await page.getByTestId("payment-id").textContent()) ?? "").trim();
  await page.getByLabel("Payment method").selectOption(method);
  await expect(page.getByLabel("Payment method")).toHaveValue(method);
  await page.getByLabel("Amount", { exact: true }).fill(seed.amount ?? "1500");
  if (seed.country) await page.getByLabel("Country", { exact: true }).fill(seed.country);
  if (seed.bank) {
    const combo = page.getByRole("combobox", { name: /bank/i });
    await combo.fill(seed.bank);
    await expect(page.getByRole("listbox").getByRole("option").first()).toBeVisible();
    await combo.press("Enter");
  }
  await page.getByRole("button", { name: "Generate" }).click();
  const clientIdInput = page.locator('[data-field="client.id"]').locator("input").first();
  await expect(clientIdInput).toHaveValue(UUID_PATTERN);
  const clientId = await clientIdInput.inputValue();
  await page.getByLabel("Client IP").fill(seed.ip ?? "203.0.113.10");
  await page.getByLabel("Client email").fill(email);
  if (seed.person) {
    await page.getByLabel("First name").fill(seed.person.firstName);
    await page.getByLabel("Last name").fill(seed.person.lastName);
    await page.getByLabel("Client phone").fill(seed.person.phone);
  }
  await page.getByRole("button", { name: "Create pay-in" }).click();
  await page.waitForURL(ORDER_PAGE_URL, { timeout: 30_000 });
  const customerLink = ((await page.getByTestId("customer-link").textContent()) ?? "").trim();
  const serviceId = ((await page.getByTestId("service-id").textContent()) ?? "").trim();
  return {
    id: new URL(page.url()).pathname.split("/").pop() ?? "",
    method,
    paymentId,
    serviceId,
    clientId,
    email,
    orderUrl: page.url(),
    customerPath: new URL(customerLink).pathname,
  };
}

/** The roles a `staffMember` may be given (the shared e2e admin is the admin). */
export type StaffRole = "operator" | "approver" | "viewer";

export interface StaffMember {
  email: string;
  password: string;
  /** A page of their own (a separate browser context), signed in as them. */
  page: Page;
}

/**
 * Adds a user with `role` through /users (as the admin's `page`) and signs them in on a page of their own
 * (their first sign-in: they replace the admin's initial password with their own): for flows that need a
 * person with nothing of their own yet (saved views, a second user's eyes).
 */
async function addStaffMember(browser: Browser, page: Page, role: StaffRole): Promise<StaffMember> {
  const email = `${role}-${unique()}@example.com`;
  const password = `${role}-password-123`;
  const initial = `${role}-initial-123`;
  await addUser(page, { email, password: initial, role }, { firstSignIn: false });
  const theirs = await (await signedOutContext(browser)).newPage();
  await firstSignIn(theirs, email, initial, password);
  return { email, password, page: theirs };
}

export const test = base.extend<
  {
    createPayin: (seed?: PayinSeed) => Promise<SeededPayin>;
    /** A new staff member signed in on a page of their own (closed after the test). */
    staffMember: (role: StaffRole) => Promise<StaffMember>;
  },
  { taggedPair: TaggedPair }
>({
  // The kit's options (sandboxUrl, its merchant account) are set per project in playwright.config.ts.
  createPayin: async ({ page }, use) => {
    await use((seed) => createPayinThroughForm(page, seed));
  },

  staffMember: async ({ browser, page }, use) => {
    const members: StaffMember[] = [];
    await use(async (role) => {
      const member = await addStaffMember(browser, page, role);
      members.push(member);
      return member;
    });
    for (const member of members) await member.page.context().close();
  },

  // Seeded once per worker for the list's read-only tests; its own signed-in page, apart from the test's.
  taggedPair: [
    async ({ browser, sandbox }, use, workerInfo) => {
      const { baseURL, storageState } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, storageState });
      const page = await context.newPage();
      const tag = unique();
      const paid = await createPayinThroughForm(page, { email: `list-${tag}@example.com`, method: "Card" });
      const open = await createPayinThroughForm(page, {
        email: `list-${tag}@example.com`,
        method: "CrossBorderCard",
      });
      await sandbox.setStatus(paid.serviceId, "Success");
      // Paid once the callback reached the dashboard.
      await page.goto(paid.orderUrl);
      await expect(page.getByTestId(`status-${paid.id}`).first()).toHaveText("Success", { timeout: 20_000 });
      await context.close();
      await use({ tag, paid, open });
    },
    { scope: "worker", timeout: 120_000 },
  ],
});
