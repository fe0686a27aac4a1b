import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { PAYIN_METHOD_INFO, PAYIN_METHODS, type PayinMethod } from "../lib/contract/methods";
import { E2E } from "./config";
import { changeStatusDuringFirstRead, holdFirstRead } from "./held-read";
import {
  test as base,
  detailsOf,
  expect,
  PHONE,
  type SandboxOrder,
  type SeededPayin,
  screenshot,
} from "./fixtures";

/**
 * The customer pay page, from orders created through the dashboard's form: details per method checked
 * against what the sandbox handed out, QR decoded from the screen, copy buttons read back from the
 * clipboard, countdown and expiry under a skewed controllable clock, the callback flipping the page,
 * 404s, no personal data in the HTML, the bank-app chooser's deep links, languages, axe.
 */

const CLIENT_IP = "203.0.113.77";
/** The merchant's client, as staff type it into the form (distinctive, so a leak would be found). */
const CLIENT = { firstName: "Zinaida", lastName: "Quxleyvandermeer", phone: "+79005557788" };

/** Banks picked in the form. Sberbank (1001) gets a code-only NSPK QR from the sandbox; QRNSPKCrossBorder
 *  without a bank gets url + code, so both QR rules (url if present, else code) are exercised. */
const BANK_SEARCH: Partial<Record<PayinMethod, string>> = { SBP: "sber", QRNSPK: "sber", PIX: "itau" };

interface CreatedOrder extends SeededPayin {
  method: PayinMethod;
  /** /pay/<token> */
  path: string;
  /** The sandbox's own record of the order. */
  sandbox: SandboxOrder;
}

/**
 * `customerOrder(method, amount?, bank?)`: a pay-in through the dashboard's form, as staff (the project's
 * signed-in state), with the client's personal data filled in, and the sandbox's record of it.
 */
const test = base.extend<{
  customerOrder: (method: PayinMethod, amount?: string, bank?: string) => Promise<CreatedOrder>;
}>({
  customerOrder: async ({ createPayin, sandbox }, use) => {
    await use(async (method, amount = "1500", bank = BANK_SEARCH[method]) => {
      const order = await createPayin({ method, amount, bank, ip: CLIENT_IP, person: CLIENT });
      return { ...order, path: order.customerPath, sandbox: await sandbox.order(order.serviceId) };
    });
  },
});

/** A customer's phone: no staff cookies, clipboard allowed. */
async function phoneContext(browser: Browser, lang = "en-US"): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: E2E.baseUrl,
    locale: lang.split(",")[0]!,
    extraHTTPHeaders: { "Accept-Language": lang },
    storageState: { cookies: [], origins: [] },
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E.baseUrl });
  return context;
}

/** The exact amount to type: two decimals. */
const exactAmount = (amount: number) => (Math.round(amount * 100) / 100).toFixed(2);

/** What the customer must see and copy for an order, by the sandbox's own record. */
function expectedValues(order: CreatedOrder): Record<string, string> {
  const values: Record<string, string> = { amount: exactAmount(order.sandbox.amount) };
  switch (PAYIN_METHOD_INFO[order.method].bankDetails) {
    case "card": {
      const d = detailsOf(order.sandbox, "card");
      values.cardNumber = d.card.cardNumber;
      values.cardHolder = d.card.cardHolderName;
      values.bank = d.bankName;
      break;
    }
    case "phone": {
      const d = detailsOf(order.sandbox, "phone");
      values.phoneNumber = d.phoneNumber;
      values.payee = d.payeeName;
      values.bank = d.bankName;
      break;
    }
    case "nspkQr": {
      const { qr } = detailsOf(order.sandbox, "nspkQr");
      if (qr.url) values.paymentLink = qr.url;
      else values.qrCode = qr.code!;
      break;
    }
    case "pixQr":
      values.pixCode = detailsOf(order.sandbox, "pixQr").qr.code;
      break;
  }
  return values;
}

async function decodeQr(page: Page): Promise<string | undefined> {
  const png = PNG.sync.read(await page.locator("figure[data-qr-value] svg").screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/** The order reference the page shows: the paymentId's first 8 characters (as the orders list shows it). */
const orderRef = (order: CreatedOrder) => order.paymentId.replaceAll("-", "").slice(0, 8);

/**
 * Fakes the server's clock along with the browser's: the page's status polls carry the server's "now"
 * (`serverNow`), which the countdown trusts over the device's clock; when the test moves the browser's
 * clock forward, the polls must see the server's clock move as much, or the page (rightly) believes the
 * server and not the device.
 */
async function fakeServerClock(pay: Page) {
  let advancedMs = 0;
  await pay.route(/\/api\/pay\/[^/]+$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { serverNow: string };
    body.serverNow = new Date(Date.parse(body.serverNow) + advancedMs).toISOString();
    await route.fulfill({ response, json: body });
  });
  return {
    async fastForward(ms: number) {
      advancedMs += ms;
      await pay.clock.fastForward(ms);
    },
  };
}

/** "14:58" / "1:02:03" → seconds. */
function seconds(text: string): number {
  return text.split(":").reduce((total, part) => total * 60 + Number(part), 0);
}

test.describe("details per method", () => {
  for (const method of PAYIN_METHODS) {
    test(`${method}: details, QR, copy buttons`, async ({ browser, customerOrder }) => {
      const order = await customerOrder(method, method === "PIX" ? "100.50" : "1500");
      const context = await phoneContext(browser);
      const pay = await context.newPage();
      await pay.goto(order.path);
      await expect(pay.getByTestId("countdown")).toHaveText(/^1[45]:\d\d$/);
      const expected = expectedValues(order);
      const kind = PAYIN_METHOD_INFO[method].bankDetails;
      await expect(pay.getByTestId("bank-name")).toHaveText(detailsOf(order.sandbox, kind).bankName);

      if (kind === "card") {
        await expect(pay.locator('[data-value="cardNumber"]')).toHaveText(
          expected.cardNumber!.replace(/(\d{4})(?=\d)/g, "$1 "),
        );
      }
      if (kind === "phone") {
        await expect(pay.locator('[data-value="phoneNumber"]')).toHaveText(/^\+7 \d{3} \d{3}-\d{2}-\d{2}$/);
      }
      if (kind === "nspkQr" || kind === "pixQr") {
        const nspk = kind === "nspkQr" ? detailsOf(order.sandbox, "nspkQr").qr : undefined;
        expect(await decodeQr(pay)).toBe(
          nspk ? (nspk.url ?? nspk.code) : detailsOf(order.sandbox, "pixQr").qr.code,
        );
      }

      // Every value has its copy button, and each puts exactly the service's value on the clipboard.
      const ids = await pay
        .locator("[data-copy-id]")
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-copy-id")));
      expect(ids.sort()).toEqual(Object.keys(expected).sort());
      for (const [id, value] of Object.entries(expected)) {
        const button = pay.locator(`[data-copy-id="${id}"]`);
        await button.click();
        await expect(button).toContainText("Copied");
        expect(
          await pay.evaluate(() => navigator.clipboard.readText()),
          `clipboard after copying ${id}`,
        ).toBe(value);
      }

      // No personal data of the merchant's client, nor the ids, anywhere in the HTML.
      const html = await (await pay.request.get(order.path)).text();
      for (const secret of [
        order.email,
        CLIENT_IP,
        CLIENT.firstName,
        CLIENT.lastName,
        CLIENT.phone.slice(2), // the digits, and as a Russian number is written
        "555-77-88",
        order.clientId,
        order.paymentId,
        order.sandbox.id,
      ]) {
        expect(html).not.toContain(secret);
      }
      await context.close();
    });
  }
});

test("QR order on a phone: the bank-app chooser opens Sberbank and VTB with their own schemes", async ({
  browser,
  customerOrder,
}) => {
  // VTB's orders carry an NSPK link (qr.url), which is what a bank app opens.
  const order = await customerOrder("QRNSPK", "1500", "vtb");
  const url = detailsOf(order.sandbox, "nspkQr").qr.url;
  expect(url).toMatch(/^https:\/\/qr\.nspk\.ru\//);
  const context = await phoneContext(browser, "ru-RU");
  const pay = await context.newPage();
  await pay.goto(order.path);
  await pay.getByText("Оплатить в приложении банка").click();
  const search = pay.getByLabel("Найти банк");
  await search.fill("Сбер");
  const sber = pay.getByRole("link", { name: "Сбербанк", exact: true });
  await expect(sber).toHaveAttribute("href", url!.replace(/^https/, "bank100000000111"));
  await search.fill("втб");
  // VTB's member id is 100000000005 but its app scheme is bank110000000005 (SOURCES.md).
  await expect(pay.getByRole("link", { name: "Банк ВТБ" })).toHaveAttribute(
    "href",
    url!.replace(/^https/, "bank110000000005"),
  );
  await search.fill("zzzz");
  await expect(pay.getByText("Банк с таким названием не найден.")).toBeVisible();
  await screenshot(pay, "bank-apps-chooser-ru");
  await context.close();
});

test("the bank apps without JavaScript: the chooser links to a page of every app, which leads back", async ({
  browser,
  customerOrder,
}) => {
  const order = await customerOrder("QRNSPK", "1500", "vtb");
  const url = detailsOf(order.sandbox, "nspkQr").qr.url!;
  const context = await browser.newContext({
    ...PHONE,
    baseURL: E2E.baseUrl,
    javaScriptEnabled: false,
    locale: "ru-RU",
    extraHTTPHeaders: { "Accept-Language": "ru-RU" },
    storageState: { cookies: [], origins: [] },
  });
  const pay = await context.newPage();
  await pay.goto(order.path);
  // The page carries one link, not the ~190 apps: they are loaded when the chooser opens.
  await expect(pay.locator("#bank-apps li")).toHaveCount(1);
  await pay.getByText("Оплатить в приложении банка").click();
  await pay.getByRole("link", { name: "Открыть список приложений банков" }).click();
  await expect(pay).toHaveURL(new RegExp(`${order.path}/apps$`));
  await expect(pay.getByRole("heading", { name: "Оплатить в приложении банка" })).toBeVisible();
  await expect(pay.getByRole("link", { name: "Сбербанк", exact: true })).toHaveAttribute(
    "href",
    url.replace(/^https/, "bank100000000111"),
  );
  expect(await pay.locator("#bank-apps li").count()).toBeGreaterThan(100);
  await screenshot(pay, "bank-apps-page-ru");
  await pay.getByRole("link", { name: "Вернуться к оплате" }).click();
  await expect(pay).toHaveURL(new RegExp(`${order.path}$`));
  await context.close();
});

test("countdown follows the server's deadline under a skewed device clock, and expiry hides the details", async ({
  browser,
  customerOrder,
}) => {
  const order = await customerOrder("Card");
  const context = await phoneContext(browser);
  const pay = await context.newPage();
  // The device clock is three hours behind: a countdown from the device's "now" would show 3:15:00.
  await pay.clock.install({ time: Date.now() - 3 * 3600_000 });
  const clock = await fakeServerClock(pay);
  await pay.goto(order.path);
  await expect(pay.getByTestId("countdown")).toHaveText(/^1[45]:\d\d$/);
  await clock.fastForward(5 * 60_000);
  await expect(pay.getByTestId("countdown")).toHaveText(/^(9|10):\d\d$/);
  await clock.fastForward(10.5 * 60_000);
  await expect(pay.locator('[data-screen="expired"]')).toBeVisible();
  await expect(pay.getByRole("heading", { name: "Time is up" })).toBeVisible();
  await expect(pay.locator('[data-value="cardNumber"]')).toHaveCount(0);
  await expect(pay.locator("[data-copy-id]")).toHaveCount(0);
  await screenshot(pay, "expired-en");
  // A status poll may still be in flight through the fake clock's route: let it go quietly, not race the close.
  await pay.unrouteAll({ behavior: "ignoreErrors" });
  await context.close();
});

test("the countdown never shows more than is left, though the page's scripts arrive 5 s late", async ({
  browser,
  customerOrder,
}) => {
  const order = await customerOrder("Card");
  const context = await phoneContext(browser, "ru-RU");
  const pay = await context.newPage();
  // A slow phone: the HTML (and the server's clock in it) arrives at once, the scripts 5 s later. The status
  // polls fail, so the countdown has only the page's own request to set its clock by.
  await pay.route(/\/_next\/static\/.*\.js/, async (route) => {
    await new Promise((r) => setTimeout(r, 5_000));
    await route.continue();
  });
  await pay.route(/\/api\/pay\//, (route) => route.abort());
  const polled = pay.waitForRequest(/\/api\/pay\//, { timeout: 40_000 });
  await pay.goto(order.path);
  await polled; // hydrated: the countdown runs on the page's own clock now
  // The server's time left, asked just before the figure is read, can only be more than the truth then.
  await expect
    .poll(
      async () => {
        const { expiresAt, serverNow } = await (await pay.request.get(`/api${order.path}`)).json();
        const leftBefore = Math.ceil((Date.parse(expiresAt) - Date.parse(serverNow)) / 1000);
        const shown = seconds((await pay.getByTestId("countdown").textContent()) ?? "");
        return shown - leftBefore;
      },
      { message: "seconds shown beyond what the server has left (a tick may lag by one)" },
    )
    .toBeLessThanOrEqual(1);
  await context.close();
});

test("an order expired by the service is served without its details", async ({
  page,
  browser,
  customerOrder,
}) => {
  const order = await customerOrder("SBP");
  await page.getByRole("button", { name: "Expire" }).click();
  const context = await phoneContext(browser, "pt-BR");
  const pay = await context.newPage();
  await expect
    .poll(async () => {
      await pay.goto(order.path);
      return pay.locator('[data-screen="expired"]').count();
    })
    .toBe(1);
  const html = await (await pay.request.get(order.path)).text();
  expect(html).not.toContain(detailsOf(order.sandbox, "phone").phoneNumber);
  await expect(pay.getByRole("heading", { name: "O tempo acabou" })).toBeVisible();
  await context.close();
});

test("marking the order paid (sandbox callback → dashboard) flips the open page to success", async ({
  page,
  browser,
  customerOrder,
}) => {
  const order = await customerOrder("QRNSPK");
  const context = await phoneContext(browser, "ru-RU");
  const pay = await context.newPage();
  await pay.goto(order.path);
  await expect(pay.getByTestId("countdown")).toBeVisible();
  await page.goto(order.orderUrl);
  await page.getByRole("button", { name: "Mark paid" }).click();
  await expect(pay.locator('[data-screen="success"]')).toBeVisible({ timeout: 20_000 });
  await expect(pay.getByRole("heading", { name: "Платёж получен" })).toBeVisible();
  await expect(pay.locator("figure[data-qr-value]")).toHaveCount(0);
  const axe = await new AxeBuilder({ page: pay }).analyze();
  expect(axe.violations).toEqual([]);
  await screenshot(pay, "paid-ru");
  await context.close();
});

test("paid while the page's first status read is on its way: the page turns to success at once, not at the next poll", async ({
  browser,
  customerOrder,
  sandbox,
}) => {
  const order = await customerOrder("QRNSPK");
  const context = await phoneContext(browser, "ru-RU");
  const pay = await context.newPage();
  const read = await holdFirstRead(
    pay,
    // The status read, /api/pay/<token> (not its events, funnel or case).
    (url) => /^\/api\/pay\/[^/]+$/.test(url.pathname),
  );
  await pay.goto(order.path);
  await changeStatusDuringFirstRead(pay, read, sandbox, order.serviceId, "Success");
  // Under the next poll (30 s with the stream open), so only a read made for the push can show it.
  await expect(pay.locator('[data-screen="success"]')).toBeVisible({ timeout: 15_000 });
  await context.close();
});

test("a failed payment shows the failure screen", async ({ page, browser, customerOrder }) => {
  const order = await customerOrder("PIX", "42.10");
  const context = await phoneContext(browser, "pt-BR");
  const pay = await context.newPage();
  await pay.goto(order.path);
  await expect(pay.getByTestId("countdown")).toBeVisible();
  await page.goto(order.orderUrl);
  await page.getByRole("button", { name: "Fail", exact: true }).click();
  await expect(pay.locator('[data-screen="failed"]')).toBeVisible({ timeout: 20_000 });
  await expect(pay.getByRole("heading", { name: "Pagamento não concluído" })).toBeVisible();
  await context.close();
});

test.describe("a link that leads nowhere", () => {
  for (const [lang, htmlLang, title, next, askMerchant] of [
    [
      "ru-RU,ru;q=0.9",
      "ru",
      "Ссылка на оплату не действует",
      "Что делать",
      "Попросите у магазина или сервиса, которому вы платите, новую ссылку на оплату.",
    ],
    [
      "pt-BR,pt;q=0.9",
      "pt-BR",
      "Este link de pagamento não funciona",
      "O que fazer",
      "Peça à loja ou ao serviço que você está pagando um novo link de pagamento.",
    ],
    [
      "en-US,en;q=0.9",
      "en",
      "This payment link does not work",
      "What to do",
      "Ask the shop or service you are paying for a new payment link.",
    ],
  ] as const) {
    test(`gets the pay page's look in the visitor's language (${htmlLang}), with what to do next`, async ({
      browser,
    }) => {
      for (const [name, options] of [
        ["mobile", PHONE],
        ["desktop", { viewport: { width: 1280, height: 800 } }],
      ] as const) {
        const context = await browser.newContext({
          ...options,
          baseURL: E2E.baseUrl,
          locale: lang.split(",")[0]!,
          extraHTTPHeaders: { "Accept-Language": lang },
          storageState: { cookies: [], origins: [] },
        });
        const pay = await context.newPage();
        for (const path of ["/pay/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "/pay/short"]) {
          const res = await pay.goto(path);
          expect(res?.status(), path).toBe(404);
          await expect(pay.locator("html")).toHaveAttribute("lang", htmlLang);
          await expect(pay.getByRole("heading", { level: 2, name: title })).toBeVisible();
          await expect(pay.getByRole("heading", { level: 2, name: next })).toBeVisible();
          await expect(pay.getByRole("listitem").filter({ hasText: askMerchant })).toBeVisible();
          // Whom the customer was paying, and the language links, as on the pay page.
          await expect(pay.getByRole("heading", { level: 1 })).toContainText(E2E.merchantName);
          await expect(pay.getByRole("navigation").getByRole("link")).toHaveCount(3);
          await expect(pay.getByText(/This page could not be found/)).toHaveCount(0);
        }
        const axe = await new AxeBuilder({ page: pay }).analyze();
        expect(axe.violations, `axe on the not-found page, ${htmlLang} ${name}`).toEqual([]);
        await screenshot(pay, `not-found-${htmlLang}-${name}`);
        await context.close();
      }
    });
  }
});

test("unknown and malformed tokens get a 404 without any order's data", async ({ request }) => {
  for (const path of [
    "/pay/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "/pay/short",
    "/pay/%3Cscript%3E",
    "/api/pay/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "/api/pay/short",
  ]) {
    const res = await request.get(path, { headers: { Cookie: "" } });
    expect(res.status(), path).toBe(404);
    expect(await res.text()).not.toMatch(/In progress|expires|amount/i);
  }
});

test("the live-status JSON holds only status, deadline, the server's clock and a case's state", async ({
  request,
  customerOrder,
}) => {
  const order = await customerOrder("SBP");
  const body = await (await request.get(`/api${order.path}`)).json();
  expect(Object.keys(body).sort()).toEqual(["case", "expiresAt", "serverNow", "status"]);
  expect(body.status).toBe("In progress");
  expect(body.case).toBeNull();
});

test.describe("languages on a phone", () => {
  test("Russian and Portuguese from the browser; the switcher works and is remembered", async ({
    browser,
    customerOrder,
  }) => {
    test.setTimeout(240_000);
    const qr = await customerOrder("QRNSPK", "1500", "vtb");
    const card = await customerOrder("Card");
    const pix = await customerOrder("PIX", "100.50");

    const sbp = await customerOrder("SBP"); // Sberbank (BANK_SEARCH)

    for (const [lang, htmlLang, title, payTo, orderWord, banks] of [
      ["ru-RU,ru;q=0.9", "ru", "Сумма к оплате", "Оплата: ", "Заказ", { qr: "Банк ВТБ", sbp: "Сбербанк" }],
      [
        "pt-BR,pt;q=0.9",
        "pt-BR",
        "Valor a pagar",
        "Pagamento para ",
        "Pedido",
        { qr: "VTB Bank", sbp: "Sberbank" },
      ],
      ["en-US,en;q=0.9", "en", "Amount to pay", "Payment to ", "Order", { qr: "VTB Bank", sbp: "Sberbank" }],
    ] as const) {
      const context = await phoneContext(browser, lang);
      const pay = await context.newPage();
      for (const order of [qr, card, pix, sbp]) {
        await pay.goto(order.path);
        await expect(pay.locator("html")).toHaveAttribute("lang", htmlLang);
        await expect(pay.getByRole("heading", { name: title })).toBeVisible();
        // Whom the customer pays, and the reference to quote to them.
        await expect(pay.getByRole("heading", { level: 1 })).toHaveText(`${payTo}${E2E.merchantName}`);
        await expect(pay).toHaveTitle(`${payTo}${E2E.merchantName}`);
        await expect(pay.getByTestId("order-ref")).toHaveText(`${orderWord} ${orderRef(order)}`);
        const axe = await new AxeBuilder({ page: pay }).analyze();
        expect(axe.violations, `${order.method} in ${htmlLang}`).toEqual([]);
        await screenshot(pay, `${order.method.toLowerCase()}-${htmlLang}`);
      }
      // The bank's name in the page's language, where the directory or NSPK's list has it.
      await pay.goto(qr.path);
      await expect(pay.getByTestId("bank-name")).toHaveText(banks.qr);
      await pay.goto(sbp.path);
      await expect(pay.getByTestId("bank-name")).toHaveText(banks.sbp);
      await expect(pay.locator('[data-value="bank"]')).toHaveText(banks.sbp);
      await context.close();
    }

    // Amounts in local formats.
    const context = await phoneContext(browser, "ru-RU");
    const pay = await context.newPage();
    await pay.goto(card.path);
    await expect(pay.getByTestId("amount")).toHaveText(/^1\s500,00\s₽$/);
    await pay.getByRole("link", { name: /PT/ }).click();
    await expect(pay.locator("html")).toHaveAttribute("lang", "pt-BR");
    await expect(pay.getByTestId("amount")).toHaveText(/^₽\s?1\.500,00$|^RUB\s1\.500,00$/);
    // Remembered in a cookie: the plain link now opens in Portuguese despite a Russian browser.
    await pay.goto(card.path);
    await expect(pay.locator("html")).toHaveAttribute("lang", "pt-BR");
    await context.close();
  });
});

test("readable with JavaScript off: amount, details and QR are in the HTML", async ({
  browser,
  customerOrder,
}) => {
  const order = await customerOrder("PIX", "100.50");
  const context = await browser.newContext({
    ...PHONE,
    baseURL: E2E.baseUrl,
    javaScriptEnabled: false,
    locale: "pt-BR",
    extraHTTPHeaders: { "Accept-Language": "pt-BR" },
    storageState: { cookies: [], origins: [] },
  });
  const pay = await context.newPage();
  await pay.goto(order.path);
  await expect(pay.getByTestId("amount")).toHaveText(/R\$\s?100,50/);
  await expect(pay.locator('[data-value="pixCode"]')).toHaveText(detailsOf(order.sandbox, "pixQr").qr.code);
  expect(await decodeQr(pay)).toBe(detailsOf(order.sandbox, "pixQr").qr.code);
  await expect(pay.getByTestId("countdown")).toHaveText(/^1[45]:\d\d$/);

  // The copy buttons cannot copy without JavaScript: one click on a value selects all of it instead.
  // (The page's <noscript> hint saying so is not testable here: Playwright's "JavaScript off" stops scripts
  // but the HTML parser still treats <noscript> as raw text.)
  const selection = () => pay.evaluate(() => window.getSelection()?.toString() ?? "");
  await pay.locator('[data-value="pixCode"]').click();
  expect(await selection()).toBe(detailsOf(order.sandbox, "pixQr").qr.code);
  await pay.getByTestId("amount").click();
  expect((await selection()).replace(/\s/g, " ")).toMatch(/^R\$ ?100,50$/);
  await screenshot(pay, "no-javascript-pt-BR");
  await context.close();
});
