import { mkdirSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import type { PayinMethod } from "../lib/contract/methods";
import { E2E } from "./config";
import { expect, PHONE, type SeededPayin, test } from "./fixtures";
import { seriousAxeViolations } from "./staff";

/**
 * "I have paid" (issue 18 §3; docs/guide.md, Payment cases): customers on three orders report paying, in
 * English, Russian and Portuguese (one after the time ran out); staff see the cases in the list and on the
 * orders, close one as found and one as not found; each customer's open page shows its outcome live.
 */

const SHOTS = "/tmp/shots-cases";
mkdirSync(SHOTS, { recursive: true });

/** Desktop (1280) and phone (390) screenshots into SHOTS; ends on the width it started with. */
async function shots(page: Page, name: string): Promise<void> {
  const start = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-mobile.png`, fullPage: true });
  if (start) await page.setViewportSize(start);
}

const PIX_E2E = "E60701190202611261045a1b2c3d4e5f";
const SBP_OPERATION = "B63301004521450K0000110011740501";
const RECEIPT = "RCPT-2026-11-26-0042";

interface Customer {
  lang: string;
  method: PayinMethod;
  bank?: string;
  bad: string;
  good: string;
  m: {
    paid: string;
    field: RegExp;
    badError: string;
    send: string;
    open: string;
    found: string;
    notFound: string;
    expired?: string;
  };
}

const PT: Customer = {
  lang: "pt-BR",
  method: "PIX",
  bank: "itau",
  bad: "E123",
  good: PIX_E2E,
  m: {
    paid: "Já paguei",
    field: /ID de ponta a ponta do Pix/,
    badError: "O ID de ponta a ponta do Pix é E seguido de 31 letras e números.",
    send: "Enviar",
    open: "Estamos conferindo seu pagamento",
    found: "A loja confirmou seu pagamento",
    notFound: "Pagamento não encontrado",
  },
};
const RU: Customer = {
  lang: "ru-RU",
  method: "SBP",
  bank: "sber",
  bad: "12345",
  good: SBP_OPERATION.toLowerCase(),
  m: {
    paid: "Я оплатил",
    field: /Номер операции СБП/,
    badError: "Номер операции СБП — 32 латинские буквы и цифры, первая — буква.",
    send: "Отправить",
    open: "Проверяем ваш платёж",
    found: "Продавец подтвердил ваш платёж",
    notFound: "Платёж не найден",
  },
};
const EN: Customer = {
  lang: "en-US",
  method: "Card",
  bad: "4111 1111 1111 1111",
  good: RECEIPT,
  m: {
    paid: "I have paid",
    field: /Receipt or transaction number/,
    badError: "Do not enter a card number here.",
    send: "Send",
    open: "We are checking your payment",
    found: "The merchant confirmed your payment",
    notFound: "Your payment was not found",
    expired: "Time is up",
  },
};

async function customerPage(browser: Browser, lang: string, path: string): Promise<Page> {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: E2E.baseUrl,
    locale: lang,
    extraHTTPHeaders: { "Accept-Language": lang },
    storageState: { cookies: [], origins: [] },
  });
  const pay = await context.newPage();
  await pay.goto(path);
  return pay;
}

/** The customer opens the form, is told what is wrong with a bad reference, then sends a good one. */
async function reportPaid(pay: Page, c: Customer, shotName?: string): Promise<void> {
  await pay.getByRole("button", { name: c.m.paid }).click();
  const field = pay.getByLabel(c.m.field);
  await field.fill(c.bad);
  await pay.getByRole("button", { name: c.m.send, exact: true }).click();
  await expect(pay.getByText(c.m.badError)).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  if (shotName) {
    expect(await seriousAxeViolations(pay)).toEqual([]);
    await shots(pay, `${shotName}-form-error`);
  }
  await field.fill(c.good);
  await pay.getByRole("button", { name: c.m.send, exact: true }).click();
  await expect(pay.getByRole("heading", { name: c.m.open })).toBeVisible();
}

test("customers report paying in three languages; staff close one found, one not found; the pages show it", async ({
  page,
  browser,
  createPayin,
}) => {
  test.setTimeout(420_000);
  const orders = new Map<Customer, SeededPayin>();
  for (const c of [PT, RU, EN])
    orders.set(c, await createPayin({ method: c.method, ...(c.bank ? { bank: c.bank } : {}) }));
  // The English customer's time runs out first (the order page's sandbox control): they report after it.
  await page.goto(orders.get(EN)!.orderUrl);
  await page.getByRole("button", { name: "Expire" }).click();

  const pages = new Map<Customer, Page>();
  for (const c of [PT, RU, EN]) {
    const pay = await customerPage(browser, c.lang, orders.get(c)!.customerPath);
    pages.set(c, pay);
    if (c.m.expired) {
      await expect
        .poll(async () => {
          await pay.reload();
          return pay.getByRole("heading", { name: c.m.expired! }).count();
        })
        .toBe(1);
    }
  }
  await reportPaid(pages.get(PT)!, PT, "pay-pt");
  await shots(pages.get(PT)!, "pay-pt-open");
  await reportPaid(pages.get(RU)!, RU);
  await reportPaid(pages.get(EN)!, EN, "pay-en-expired");
  await shots(pages.get(EN)!, "pay-en-expired-open");

  // Staff: the list, newest first, each linked to its order; the count beside Cases.
  await page.goto("/cases");
  await expect(page.getByRole("heading", { name: "Cases", level: 1 })).toBeVisible();
  const rows = page.getByRole("row");
  for (const ref of [PIX_E2E, SBP_OPERATION, RECEIPT])
    await expect(rows.filter({ hasText: ref })).toHaveCount(1);
  const refsInOrder = (await rows.allTextContents()).filter((t) => /E6070119|B6330100|RCPT-2026/.test(t));
  expect(refsInOrder[0]).toContain(RECEIPT);
  expect(refsInOrder[2]).toContain(PIX_E2E);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Cases \d+ open/ }),
  ).toBeVisible();
  await shots(page, "staff-cases-open");

  // Found: the Pix order, from the list's link.
  await rows.filter({ hasText: PIX_E2E }).getByRole("link").click();
  const card = page.getByTestId("case-card");
  await expect(card.getByRole("heading", { name: "The customer says they paid" })).toBeVisible();
  await expect(card).toContainText(PIX_E2E);
  await shots(page, "staff-order-case-open");
  await card.getByRole("button", { name: "Close as found…" }).click();
  const found = page.getByRole("dialog", { name: "Close the case as found" });
  await found.getByLabel("Note (optional)").fill("Late callback matched the E2E id");
  await found.getByRole("button", { name: "Close as found" }).click();
  await expect(card.getByText("Found", { exact: true })).toBeVisible();
  await expect(card).toContainText("Late callback matched the E2E id");
  await expect(card.getByRole("button", { name: "Close as found…" })).toHaveCount(0);

  // Not found: the SBP order.
  await page.goto(orders.get(RU)!.orderUrl);
  await card.getByRole("button", { name: "Close as not found…" }).click();
  const notFound = page.getByRole("dialog", { name: "Close the case as not found" });
  await notFound.getByLabel("Note (optional)").fill("Nothing on the statement for this id");
  await notFound.getByRole("button", { name: "Close as not found" }).click();
  await expect(card.getByText("Not found", { exact: true })).toBeVisible();
  await shots(page, "staff-order-case-closed");

  // Each customer's open page shows its outcome by itself; the third is still under review.
  await expect(pages.get(PT)!.getByRole("heading", { name: PT.m.found })).toBeVisible({ timeout: 20_000 });
  await shots(pages.get(PT)!, "pay-pt-found");
  await expect(pages.get(RU)!.getByRole("heading", { name: RU.m.notFound })).toBeVisible({ timeout: 20_000 });
  // After "not found" the customer may send another reference.
  await expect(pages.get(RU)!.getByRole("button", { name: "Отправить другой номер" })).toBeVisible();
  await shots(pages.get(RU)!, "pay-ru-not-found");
  await expect(pages.get(EN)!.getByRole("heading", { name: EN.m.open })).toBeVisible();

  // The closed filter: both, with their outcomes.
  await page.goto("/cases?state=closed");
  await expect(rows.filter({ hasText: PIX_E2E })).toContainText("Found");
  await expect(rows.filter({ hasText: SBP_OPERATION })).toContainText("Not found");
  await shots(page, "staff-cases-closed");
  for (const pay of pages.values()) await pay.context().close();
});
