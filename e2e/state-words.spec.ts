import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { E2E } from "./config";
import { expect, PHONE, screenshotBothWidths, test, unique, UUID_GROUP } from "./fixtures";

/**
 * Words that match the state (issue 43 §3), as a Russian-speaking team sees them (ru-RU browser, Moscow
 * time): a pay-out file whose orders are all still In progress is "Sent", not "Done / settled"; an "I have
 * paid" case closed as found says on the order what staff confirmed, and the customer's page stops the
 * countdown and the instructions; a bank is named on staff pages as the customer's page names it. What the
 * words say is checked softly: a run on code that words a state wrongly names every wrong word at once.
 */

test.use({ locale: "ru-RU", timezoneId: "Europe/Moscow" });

const SBP_OPERATION = "B63301004521450K0000110011740501";

async function customerPage(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: E2E.baseUrl,
    locale: "ru-RU",
    timezoneId: "Europe/Moscow",
    storageState: { cookies: [], origins: [] },
  });
  const pay = await context.newPage();
  await pay.goto(path);
  return pay;
}

/** Three SBP pay-out rows of 1000.00 RUB: the sandbox leaves each In progress until told otherwise. */
function inProgressRows(tag: string): string {
  const header =
    "paymentMethod,amount,country,trafficType,client.id,client.email,client.ip,payoutDetails.phoneNumber,payoutDetails.payeeName";
  const row = (i: number) =>
    `SBP,1000.00,RU,ALL,${crypto.randomUUID()},words-${tag}-${i}@example.com,203.0.113.${i},+7900123456${i},Ivan Ivanov`;
  return [header, row(1), row(2), row(3), ""].join("\r\n");
}

test("a pay-out file whose orders are In progress is sent, not settled; settled once every order is final", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const tag = unique();
  const fileName = `words-${tag}.csv`;
  await page.goto("/payouts/batches/new");
  await page
    .getByLabel("Pay-out file (CSV or Excel .xlsx)")
    .setInputFiles({ name: fileName, mimeType: "text/csv", buffer: Buffer.from(inProgressRows(tag)) });
  await page.getByRole("button", { name: "Submit 3 pay-outs" }).click();
  await page.waitForURL(new RegExp(`/payouts/batches/${UUID_GROUP}$`), { timeout: 30_000 });
  const batchUrl = page.url();

  // Every row handed to the service (each has its order: the page refreshes itself); not one order final.
  await expect(page.getByRole("link", { name: /^Order of row \d: / })).toHaveCount(3, { timeout: 60_000 });
  const sentBar = page.getByRole("progressbar", { name: "Sent to the payment service" });
  await expect.soft(sentBar).toHaveAttribute("aria-valuenow", "3", { timeout: 60_000 });
  const settledBar = page.getByRole("progressbar", { name: "Settled: orders in a final status" });
  await expect.soft(settledBar).toHaveAttribute("aria-valuenow", "0");
  await expect.soft(settledBar).toHaveAttribute("aria-valuetext", "0 of 3 orders settled (0%)");
  const status = page.getByTestId("batch-status");
  await expect.soft(status).toHaveText("Sent");
  await expect.soft(page.getByText("Done", { exact: true })).toHaveCount(0);
  await expect.soft(page.getByText(/settled \(100%\)|100% settled/)).toHaveCount(0);
  await expect.soft(page.getByTestId("batch-in-progress")).toHaveText("3");
  await expect.soft(page.getByText("All rows sent")).toBeVisible();
  await screenshotBothWidths(page, "batch-sent-not-settled");

  // The list says the same.
  await page.goto("/payouts/batches");
  const listRow = page.getByRole("row").filter({ hasText: fileName });
  await expect.soft(listRow).toContainText("Sent");
  await expect.soft(listRow.getByTestId("batch-sent")).toHaveText("3 / 3");
  await expect.soft(listRow.getByTestId("batch-settled")).toHaveText("0 / 3");
  await screenshotBothWidths(page, "batches-list-sent");

  // The results CSV: each row sent, its order In progress, not settled.
  await page.goto(batchUrl);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download results (CSV)" }).click(),
  ]);
  const lines = readFileSync(await download.path(), "utf8")
    .trim()
    .split(/\r\n/);
  expect
    .soft(lines[0])
    .toBe(
      "row,payment_id,payment_method,amount,currency,row_state,order_id,order_status,provider_order_id,note,settled",
    );
  expect.soft(lines.slice(1)).toHaveLength(3);
  for (const line of lines.slice(1))
    expect.soft(line).toMatch(new RegExp(`,sent,${UUID_GROUP},In progress,[^,]*,[^,]*,no$`));

  // The service settles each order (the order page's sandbox control): now the file is settled.
  for (let settled = 0; settled < 3; settled++) {
    await page.goto(batchUrl);
    await page
      .getByRole("link", { name: /^Order of row \d+: In progress/ })
      .first()
      .click();
    await page.getByRole("button", { name: "Mark paid out" }).click();
    // The order turned Success: the controls for an order in progress are gone.
    await expect(page.getByRole("button", { name: "Mark paid out" })).toHaveCount(0, { timeout: 20_000 });
  }
  await page.goto(batchUrl);
  await expect.soft(settledBar).toHaveAttribute("aria-valuenow", "3", { timeout: 30_000 });
  await expect.soft(status).toHaveText("Settled");
  await screenshotBothWidths(page, "batch-settled");
});

test("a case closed as found: the order says what staff confirmed, the customer's page stops the countdown", async ({
  page,
  browser,
  createPayin,
}) => {
  test.setTimeout(180_000);
  const order = await createPayin({ method: "SBP", bank: "sber" });
  const pay = await customerPage(browser, order.customerPath);
  await expect(pay.getByTestId("countdown")).toBeVisible();
  await pay.getByRole("button", { name: "Я оплатил" }).click();
  await pay.getByLabel(/Номер операции СБП/).fill(SBP_OPERATION);
  await pay.getByRole("button", { name: "Отправить", exact: true }).click();
  await expect(pay.getByRole("heading", { name: "Проверяем ваш платёж" })).toBeVisible();

  await page.goto(order.orderUrl);
  const card = page.getByTestId("case-card");
  await card.getByRole("button", { name: "Close as found…" }).click();
  const dialog = page.getByRole("dialog", { name: "Close the case as found" });
  await expect.soft(dialog).toContainText("You confirm that the money arrived");
  await dialog.getByRole("button", { name: "Close as found" }).click();
  await expect(card.getByText("Found", { exact: true })).toBeVisible();

  // The order: still In progress at the service, and what staff confirmed, who and when, said at its top.
  await expect.soft(card.getByRole("heading", { name: "Payment confirmed by staff" })).toBeVisible();
  const confirmed = page.getByTestId("staff-confirmed-payment");
  await expect.soft(confirmed).toContainText(E2E.admin.email);
  await expect.soft(confirmed).toContainText(SBP_OPERATION);
  await expect.soft(confirmed).toContainText("In progress");
  await screenshotBothWidths(page, "order-case-found");

  // The customer's page: no countdown, no amount to transfer, no details; it says the payment is confirmed.
  await expect.soft(pay.getByRole("heading", { name: "Продавец подтвердил ваш платёж" })).toBeVisible({
    timeout: 20_000,
  });
  await expect.soft(pay.getByTestId("countdown")).toHaveCount(0);
  await expect.soft(pay.getByText(/Переведите ровно эту сумму/)).toHaveCount(0);
  await expect.soft(pay.getByText(/Не платите повторно/)).toBeVisible();
  await pay.reload();
  await expect.soft(pay.getByRole("heading", { name: "Продавец подтвердил ваш платёж" })).toBeVisible();
  await expect.soft(pay.getByTestId("countdown")).toHaveCount(0);
  await expect.soft(pay.getByText(/Переведите ровно эту сумму/)).toHaveCount(0);
  await screenshotBothWidths(pay, "pay-case-found");
  await pay.context().close();
});

test("staff pages name a bank as the customer's page does", async ({ page, browser, createPayin }) => {
  test.setTimeout(120_000);
  const order = await createPayin({ method: "SBP", bank: "sber" });
  const pay = await customerPage(browser, order.customerPath);
  await expect(pay.getByText("Сбербанк", { exact: true }).first()).toBeVisible();
  await pay.context().close();

  // The order page, in the same language: the bank as the customer reads it.
  await page.goto(order.orderUrl);
  const details = page.getByRole("region", { name: "Payment details" });
  await expect.soft(details.getByText("Сбербанк", { exact: true })).toBeVisible();
  await expect.soft(details.getByText("Sberbank", { exact: true })).toHaveCount(0);
  await screenshotBothWidths(page, "order-bank-name");

  // The forms' bank picker: the same name, found by its Latin spelling.
  await page.goto("/payins/new");
  await page.getByLabel("Payment method").selectOption("SBP");
  await page.getByRole("combobox", { name: /bank/i }).fill("sber");
  await expect.soft(page.getByRole("listbox").getByRole("option").first()).toContainText("Сбербанк");

  // The bank directory too.
  await page.goto("/banks?country=RU");
  await expect.soft(page.getByRole("row").filter({ hasText: "Сбербанк" })).toHaveCount(1);
  await screenshotBothWidths(page, "banks-ru");
});
