import type { Locator, Page } from "@playwright/test";
import { expect, ORDER_PAGE_URL, unique, UUID_PATTERN } from "./fixtures";

/**
 * Filling the dashboard's order forms (/payins/new, /payouts/new) as staff do: the specs that drive the forms
 * share these, so a label or a step changes in one place.
 */

/** The two-digit year after this one: a card expiry that is always in the future. */
export const NEXT_YEAR = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, "0");

/** A test card number (Luhn-valid). */
export const TEST_PAN = "4111111111111111";

/** The input (or select) of a form field, by its name (the contract's path). */
export function formField(page: Page, name: string): Locator {
  return page.locator(`[data-field="${name}"]`).locator("input, select").first();
}

/** The error shown under a form field, by its name. */
export function fieldError(page: Page, name: string): Locator {
  return page.locator(`[data-field="${name}"] .field-error`);
}

/** The form is ready once its paymentId was generated after hydration; choosing before that would be undone. */
export async function openOrderForm(page: Page, path: string, method: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId("payment-id")).toHaveText(UUID_PATTERN);
  await page.getByLabel("Payment method").selectOption(method);
}

/** A generated client id, an IP and an email (a new one unless given). */
export async function fillClient(page: Page, email = `client-${unique()}@example.com`): Promise<void> {
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(formField(page, "client.id")).toHaveValue(UUID_PATTERN);
  await page.getByLabel("Client IP").fill("203.0.113.10");
  await page.getByLabel("Client email").fill(email);
}

/** A pay-out's recipient card, expiring next year. */
export async function fillCard(page: Page, pan = TEST_PAN): Promise<void> {
  await page.getByLabel("Card number").pressSequentially(pan);
  await page.getByLabel("Card holder name").fill("IVAN IVANOV");
  await page.getByLabel("Expiry month").fill("12");
  await page.getByLabel("Expiry year").fill(NEXT_YEAR);
}

/** Searches the bank picker and takes the first bank it offers. */
export async function chooseBank(page: Page, search: string): Promise<void> {
  const combo = page.getByRole("combobox", { name: /bank/i });
  await combo.fill(search);
  await expect(page.getByRole("listbox").getByRole("option").first()).toBeVisible();
  await combo.press("Enter");
  await expect(combo).not.toHaveValue("");
}

/** After a create: the new order's page, under `heading`; answers the order's id. */
export async function expectOrderPage(page: Page, heading: string): Promise<string> {
  await page.waitForURL(ORDER_PAGE_URL, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
  return new URL(page.url()).pathname.split("/").pop() ?? "";
}
