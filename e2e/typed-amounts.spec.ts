import { createRequestBody, expect, screenshotBothWidths, test } from "./fixtures";
import { expectOrderPage, fieldError, fillClient, openOrderForm } from "./order-form";

/**
 * Amounts typed as Russian staff type them, in a ru-RU browser: the decimal comma and the space between
 * thousands reach the payment service as the amount meant (a number input once turned "499,99" into
 * 49 999.00), the form says the amount back before it is sent, and an ambiguous "1,500" is refused.
 */
test.use({ locale: "ru-RU", timezoneId: "Europe/Moscow" });

/** A pay-out to a bank account, everything but the amount filled. */
async function payoutToAccount(page: import("@playwright/test").Page): Promise<void> {
  await openOrderForm(page, "/payouts/new", "BankAccount");
  await page.getByLabel("Bank account number").fill("40817810099910004312");
  await fillClient(page);
}

for (const [typed, sent, saidBack] of [
  ["499,99", 499.99, /^= 499,99\s₽$/],
  ["75 000,50", 75000.5, /^= 75\s000,50\s₽$/],
] as const) {
  test(`a pay-out of "${typed}" is sent as ${sent}, said back first`, async ({ page }) => {
    await payoutToAccount(page);
    const amount = page.getByLabel("Amount", { exact: true });
    await expect(amount).toHaveAttribute("type", "text");
    await expect(amount).toHaveAttribute("inputmode", "decimal");
    await amount.pressSequentially(typed);
    await expect(amount).toHaveValue(typed);
    await expect(page.getByTestId("amount-as-sent")).toHaveText(saidBack);
    const create = page.getByRole("button", { name: /^Create pay-out of / });
    await expect(create).toHaveText(new RegExp(`^Create pay-out of ${saidBack.source.slice(3)}`));
    if (typed === "75 000,50") await screenshotBothWidths(page, "typed-amount-ru");
    await create.click();
    await expectOrderPage(page, "Pay-out · BankAccount");
    const body = await createRequestBody(page);
    await expect(body).toContainText(new RegExp(`"amount":\\s*${String(sent).replace(".", "\\.")}[,\\s]`));
  });
}

test("a pay-in typed with a decimal comma is sent with its cents", async ({ page }) => {
  await openOrderForm(page, "/payins/new", "Card");
  await page.getByLabel("Amount", { exact: true }).pressSequentially("1 500,5");
  await expect(page.getByTestId("amount-as-sent")).toHaveText(/^= 1\s500,50\s/);
  await fillClient(page);
  await page.getByRole("button", { name: /^Create pay-in of / }).click();
  await expectOrderPage(page, "Pay-in · Card");
  await expect(await createRequestBody(page)).toContainText(/"amount":\s*1500\.5[,\s]/);
});

test("an ambiguous amount is refused with both readings, and nothing is created", async ({ page }) => {
  await payoutToAccount(page);
  await page.getByLabel("Amount", { exact: true }).fill("1,500");
  await expect(page.getByTestId("amount-as-sent")).toHaveCount(0);
  const create = page.getByRole("button", { name: "Create pay-out" });
  await expect(create).toHaveText("Create pay-out");
  await create.click();
  await expect(fieldError(page, "amount")).toHaveText(
    'Ambiguous: "1,500" could be 1.5 or 1500. Write 1500 without the separator, or give two decimals (1,50)',
  );
  await expect(page).toHaveURL(/\/payouts\/new$/);
});
