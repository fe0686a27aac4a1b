import type { Browser, Page } from "@playwright/test";
import { getMessages } from "../lib/i18n";
import { E2E } from "./config";
import { expect, screenshot, type SeededPayin, test, UUID_PATTERN } from "./fixtures";

/**
 * What the customer is charged is what they are shown: a cross-border NSPK QR pay-in for Kazakhstan is in
 * roubles on the form, the order page, the sandbox's operator page and the customer's pay page (ru, pt-BR,
 * en), whose QR charges roubles and which says the payer's bank converts.
 */

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

async function openPayinForm(page: Page, method: string, country: string) {
  await page.goto("/payins/new");
  await expect(page.getByTestId("payment-id")).toHaveText(UUID_PATTERN);
  await page.getByLabel("Payment method").selectOption(method);
  await page.getByLabel("Country", { exact: true }).fill(country);
}

test("the pay-in form shows the method's currency beside the amount, with the conversion note", async ({
  page,
}) => {
  for (const [name, size] of [
    ["desktop", DESKTOP.viewport],
    ["mobile", PHONE.viewport],
  ] as const) {
    await page.setViewportSize(size);
    await openPayinForm(page, "QRNSPKCrossBorder", "KZ");
    const amount = page.getByLabel("Amount", { exact: true });
    await expect(amount).toHaveAccessibleDescription(
      /^Up to two decimals \(e\.g\. 1\s500,50 or 1500\.50\), in RUB whatever the country: the payer's bank converts it from RUB\.$/,
    );
    await expect(page.getByTestId("amount-currency")).toHaveText("RUB");
    await amount.fill("999.99");
    await amount.scrollIntoViewIfNeeded();
    await screenshot(page, `form-qrnspk-cross-border-kz-${name}`);
  }
  // A card is charged in its own country's currency; no conversion note.
  await openPayinForm(page, "CrossBorderCard", "KZ");
  await expect(page.getByLabel("Amount", { exact: true })).toHaveAccessibleDescription(
    /^Up to two decimals \(e\.g\. 1\s500,50 or 1500\.50\), in KZT\.$/,
  );
  await expect(page.getByTestId("amount-currency")).toHaveText("KZT");
  // Back to SBP-family: roubles again, whatever the country.
  await page.getByLabel("Payment method").selectOption("CrossBorderSBP");
  await expect(page.getByTestId("amount-currency")).toHaveText("RUB");
});

async function payPage(browser: Browser, order: SeededPayin, lang: string, device: "mobile" | "desktop") {
  const context = await browser.newContext({
    ...(device === "mobile" ? PHONE : DESKTOP),
    baseURL: E2E.baseUrl,
    locale: lang,
    extraHTTPHeaders: { "Accept-Language": lang },
    storageState: { cookies: [], origins: [] },
  });
  const pay = await context.newPage();
  await pay.goto(order.customerPath);
  return { pay, close: () => context.close() };
}

test("a cross-border NSPK QR pay-in for KZ is in roubles everywhere, and the pay page says the bank converts", async ({
  browser,
  createPayin,
  page,
  sandbox,
}) => {
  // Six pay pages (three languages, on a phone and a desktop), the operator page and eight full-page screenshots.
  test.setTimeout(120_000);
  const order = await createPayin({ method: "QRNSPKCrossBorder", country: "KZ", amount: "999.99" });

  // The order page.
  const summary = page.getByRole("region", { name: "Summary" });
  await expect(summary).toContainText("999.99 RUB");
  await expect(summary).toContainText(/Currency\s*RUB/);
  await expect(summary).toContainText(/Country\s*KZ/);
  await expect(summary).not.toContainText("KZT");
  await screenshot(page, "order-qrnspk-cross-border-kz-desktop");
  await page.setViewportSize(PHONE.viewport);
  await screenshot(page, "order-qrnspk-cross-border-kz-mobile");

  // The sandbox's record and its operator page.
  const held = (await sandbox.order(order.serviceId)) as unknown as { currency: string; country: string };
  expect([held.currency, held.country]).toEqual(["RUB", "KZ"]);
  const operator = await browser.newContext({
    httpCredentials: { username: E2E.sandboxAccount.clientId, password: E2E.sandboxAccount.secret },
  });
  const ops = await operator.newPage();
  await ops.goto(`${E2E.sandboxUrl}/sandbox`);
  const row = ops
    .getByRole("row")
    .filter({ hasText: order.serviceId })
    .filter({ hasText: "QRNSPKCrossBorder" });
  await expect(row).toContainText("999.99 RUB");
  await operator.close();

  // The pay page, in each language: roubles, and a line saying the payer's bank converts.
  for (const [lang, amountText] of [
    ["ru", "999,99 ₽"],
    ["pt-BR", "₽ 999,99"],
    ["en", "₽999.99"],
  ] as const) {
    const m = getMessages(lang);
    for (const device of ["mobile", "desktop"] as const) {
      const { pay, close } = await payPage(browser, order, lang, device);
      await expect(pay.locator("html")).toHaveAttribute("lang", lang);
      const amount = pay.getByRole("region", { name: m.amountLabel });
      await expect(amount.getByText(m.bankConvertsRoubles)).toBeVisible();
      await expect(amount).toContainText(`${m.currency}: RUB`);
      await expect(amount).not.toContainText("KZT");
      const shown = (await amount.getByTestId("amount").textContent())?.replace(/\s/g, " ");
      expect(shown).toBe(amountText);
      // The QR's link charges exactly that.
      const link = new URL(
        (await pay
          .getByText(/^https:\/\/qr\.nspk\.ru\//)
          .first()
          .textContent()) ?? "",
      );
      expect([link.searchParams.get("sum"), link.searchParams.get("cur")]).toEqual(["99999", "RUB"]);
      await screenshot(pay, `pay-qrnspk-cross-border-kz-${lang}-${device}`);
      await close();
    }
  }
});
