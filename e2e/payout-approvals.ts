import type { Page } from "@playwright/test";
import { expect, unique } from "./fixtures";

/**
 * Pay-out approval steps the specs share (e2e/payout-approvals.spec.ts, e2e/second-factor.spec.ts): the
 * admin's setting, and an operator's bank-account pay-out through the form. The threshold is far above what
 * other specs send, so specs running beside these are not held.
 */
export const THRESHOLD = "700000";

export async function setApprovals(page: Page, choose: (page: Page) => Promise<void>): Promise<void> {
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Payout approvals" })).toBeVisible();
  await choose(page);
  await page.getByRole("button", { name: "Save" }).click();
}

export async function holdLargeRoublePayouts(page: Page): Promise<void> {
  await setApprovals(page, async (p) => {
    await p.getByLabel("Pay-outs from an amount, per currency").check();
    await p.getByLabel("RUB from").fill(THRESHOLD);
  });
  await expect(page.getByTestId("form-status")).toHaveText(
    "Pay-out approvals: pay-outs of RUB from 700000.00.",
  );
}

export async function approvalsOff(page: Page): Promise<void> {
  await setApprovals(page, (p) => p.getByLabel("Off: pay-outs are sent at once").check());
  await expect(page.getByTestId("form-status")).toHaveText("Pay-out approvals: off.");
}

export async function createBankAccountPayout(page: Page, amount: string): Promise<string> {
  await page.goto("/payouts/new");
  await expect(page.getByTestId("payment-id")).toHaveText(/^[0-9a-f-]{36}$/);
  const paymentId = ((await page.getByTestId("payment-id").textContent()) ?? "").trim();
  await page.getByLabel("Payment method").selectOption("BankAccount");
  await page.getByLabel("Amount", { exact: true }).fill(amount);
  await page.getByLabel("Bank account number").fill("40817810099910004312");
  await page.getByRole("button", { name: "Generate" }).click();
  await page.getByLabel("Client IP").fill("203.0.113.10");
  await page.getByLabel("Client email").fill(`approvals-${unique()}@example.com`);
  await page.getByRole("button", { name: "Create pay-out" }).click();
  await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  return paymentId;
}
