import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { getMessages } from "../lib/i18n";
import { E2E } from "./config";
import { test as base, detailsOf, expect, PHONE, screenshot } from "./fixtures";

/**
 * The pay page wherever the customer opens it: without JavaScript (no dead buttons; the bank search as a
 * plain form), with the bank apps found by their former and Latin names, in each language; and the
 * screens looked at on a phone and a desktop.
 */

const T_BANK_SCHEME = "bank100000000004";
const DESKTOP = { viewport: { width: 1280, height: 800 } };

const LANGUAGES = [
  { locale: "ru", accept: "ru-RU,ru;q=0.9", tinkoff: "Тинькофф", tBank: "Т-Банк", sber: "Сбербанк" },
  { locale: "pt-BR", accept: "pt-BR,pt;q=0.9", tinkoff: "TINKOFF", tBank: "T-Bank", sber: "Sberbank" },
  { locale: "en", accept: "en-US,en;q=0.9", tinkoff: "tinkoff", tBank: "T-Bank", sber: "Sberbank" },
] as const;

interface QrOrder {
  path: string;
  /** The NSPK link a bank app opens. */
  nspkUrl: string;
}

const test = base.extend<{ qrOrder: () => Promise<QrOrder> }>({
  qrOrder: async ({ createPayin, sandbox }, use) => {
    await use(async () => {
      // VTB's QR orders carry an NSPK link (qr.url), which the bank apps open.
      const order = await createPayin({ method: "QRNSPK", amount: "1500", bank: "vtb" });
      const held = await sandbox.order(order.serviceId);
      return { path: order.customerPath, nspkUrl: detailsOf(held, "nspkQr").qr.url! };
    });
  },
});

async function customer(
  browser: Browser,
  accept: string,
  device: object = PHONE,
  javaScriptEnabled = true,
): Promise<BrowserContext> {
  return browser.newContext({
    ...device,
    baseURL: E2E.baseUrl,
    javaScriptEnabled,
    locale: accept.split(",")[0]!,
    extraHTTPHeaders: { "Accept-Language": accept },
    storageState: { cookies: [], origins: [] },
  });
}

/** The bank-app links the customer can see in the page's list. */
const visibleApps = (page: Page) => page.getByRole("main").getByRole("list").getByRole("link");

for (const lang of LANGUAGES) {
  const m = getMessages(lang.locale);

  test(`${lang.locale} without JavaScript: no copy button, values select on a tap, the bank search is a form`, async ({
    browser,
    qrOrder,
  }) => {
    const order = await qrOrder();
    const context = await customer(browser, lang.accept, PHONE, false);
    const pay = await context.newPage();
    await pay.goto(order.path);
    await expect(pay.getByTestId("amount")).toBeVisible();
    // A copy button needs the page's script: none is offered, and a tap on a value selects all of it.
    await expect(pay.getByRole("button")).toHaveCount(0);
    await pay.getByTestId("amount").click();
    expect(await pay.evaluate(() => window.getSelection()?.toString() ?? "")).toMatch(/1.?500[.,]00/);

    // The bank search in the chooser goes to the bank-apps page, which filters on the server.
    await pay.getByText(m.chooserTitle).click();
    await pay.getByLabel(m.chooserSearch).fill(lang.tinkoff);
    await pay.getByRole("button", { name: m.chooserFind }).click();
    await expect(pay).toHaveURL(`${order.path}/apps?q=${encodeURIComponent(lang.tinkoff)}`);
    await expect(pay.getByLabel(m.chooserSearch)).toHaveValue(lang.tinkoff);
    await expect(visibleApps(pay)).toHaveCount(1);
    await expect(pay.getByRole("link", { name: lang.tBank, exact: true })).toHaveAttribute(
      "href",
      order.nspkUrl.replace(/^https/, T_BANK_SCHEME),
    );
    await screenshot(pay, `apps-no-js-found-${lang.locale}`);

    // Searched again on the bank-apps page itself; then nothing matches.
    await pay.getByLabel(m.chooserSearch).fill(lang.sber);
    await pay.getByRole("button", { name: m.chooserFind }).click();
    await expect(pay.getByRole("link", { name: lang.sber, exact: true })).toBeVisible();
    await pay.getByLabel(m.chooserSearch).fill("zzzz");
    await pay.getByRole("button", { name: m.chooserFind }).click();
    await expect(pay.getByText(m.chooserEmpty)).toBeVisible();
    await expect(visibleApps(pay)).toHaveCount(0);
    await context.close();
  });
}

test("with JavaScript the chooser filters as one types, by former and Latin names, and names banks in Latin on the English page", async ({
  browser,
  qrOrder,
}) => {
  test.setTimeout(150_000); // three languages, then axe over the ~190 links
  const order = await qrOrder();
  for (const lang of LANGUAGES) {
    const m = getMessages(lang.locale);
    const context = await customer(browser, lang.accept);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E.baseUrl });
    const pay = await context.newPage();
    await pay.goto(order.path);
    // Hydrated: the copy buttons are there, and copy.
    const copyAmount = pay.getByRole("button", { name: `${m.copy} ${m.amountLabel}` });
    await copyAmount.click();
    await expect(copyAmount).toContainText(m.copied);

    await pay.getByText(m.chooserTitle).click();
    const search = pay.getByLabel(m.chooserSearch);
    await search.fill(lang.tinkoff);
    await expect(pay.getByRole("link", { name: lang.tBank, exact: true })).toHaveAttribute(
      "href",
      order.nspkUrl.replace(/^https/, T_BANK_SCHEME),
    );
    await expect(pay.getByRole("link", { name: lang.sber, exact: true })).toBeHidden();
    // Submitting filters in place: the page stays.
    await pay.getByRole("button", { name: m.chooserFind }).click();
    await expect(pay).toHaveURL(order.path);
    await search.fill("сбер");
    await expect(pay.getByRole("link", { name: lang.sber, exact: true })).toBeVisible();
    await search.fill("Otkritie");
    await expect(
      pay.getByRole("link", { name: lang.locale === "ru" ? "Банк ВТБ" : "VTB Bank" }),
    ).toBeVisible();
    await screenshot(pay, `chooser-${lang.locale}`);
    await context.close();
  }
  // The English bank-apps page is in Latin letters throughout, and passes axe.
  const context = await customer(browser, "en-US,en;q=0.9");
  const apps = await context.newPage();
  await apps.goto(`${order.path}/apps`);
  const names = await visibleApps(apps).allTextContents();
  expect(names.length).toBeGreaterThan(100);
  expect(names.filter((n) => /\p{Script=Cyrillic}/u.test(n))).toEqual([]);
  for (const [i, name] of ["Sberbank", "T-Bank", "VTB Bank"].entries())
    await expect(visibleApps(apps).nth(i)).toHaveAccessibleName(name);
  const axe = await new AxeBuilder({ page: apps }).analyze();
  expect(axe.violations).toEqual([]);
  await context.close();
});

test("the screens, phone and desktop, in each language: pay, expired", async ({
  page,
  browser,
  qrOrder,
  createPayin,
}) => {
  test.setTimeout(180_000);
  const qr = await qrOrder();
  const expired = await createPayin({ method: "SBP", bank: "sber" });
  await page.getByRole("button", { name: "Expire" }).click();
  for (const lang of LANGUAGES) {
    const m = getMessages(lang.locale);
    for (const [device, options] of [
      ["mobile", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      const context = await customer(browser, lang.accept, options);
      const pay = await context.newPage();
      await pay.goto(qr.path);
      await expect(pay.getByRole("button", { name: `${m.copy} ${m.amountLabel}` })).toBeVisible();
      await screenshot(pay, `pay-${lang.locale}-${device}`);
      await expect
        .poll(async () => {
          await pay.goto(expired.customerPath);
          return pay.getByRole("heading", { name: m.expiredTitle }).count();
        })
        .toBe(1);
      await screenshot(pay, `expired-${lang.locale}-${device}`);
      await context.close();
    }
  }
});
