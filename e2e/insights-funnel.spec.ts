import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { getMessages } from "../lib/i18n";
import { expect, PHONE, test } from "./fixtures";

/**
 * The Insights page's SBP bank-app chooser funnel. Its counts are the whole dashboard's: a phone's QR pay page
 * opened by any other flow (pay-page, pay-page-access) moves them too. So this spec is one of those that run
 * alone (DASHBOARD_WIDE_SPECS in playwright.config.ts), and it expects its own two events exactly.
 */

const SHOTS = "/tmp/shots-insights";

/** The funnel table's "Orders" cell of a step ("Pay page opened", "Bank app chosen", "Paid"). */
async function funnelStep(page: Page, step: string): Promise<number> {
  const table = page.getByRole("table", { name: /SBP bank-app chooser funnel/ });
  return Number(
    await table
      .getByRole("row", { name: new RegExp(`^${step}\\b`) })
      .getByRole("cell")
      .first()
      .textContent(),
  );
}

/** "Pay page opened" and "Bank app chosen", as the table shows them now. */
async function openedAndChosen(page: Page): Promise<[number, number]> {
  return [await funnelStep(page, "Pay page opened"), await funnelStep(page, "Bank app chosen")];
}

test("Insights: the SBP bank-app funnel counts a phone's pay page opened and an app chosen", async ({
  page,
  browser,
  baseURL,
  createPayin,
}) => {
  test.setTimeout(120_000);
  // VTB's QR orders carry an NSPK link, so the pay page offers the bank-app chooser on a phone.
  const order = await createPayin({ method: "QRNSPK", amount: "1500", bank: "vtb" });
  await page.goto("/insights");
  await expect(page).toHaveURL(/tz=/);
  const funnel = page.getByRole("region", { name: /SBP bank-app chooser funnel/ });
  await funnel.getByText("Show table").click();
  const [opened, chosen] = await openedAndChosen(page);

  const m = getMessages("en");
  const phone = await browser.newContext({
    ...PHONE,
    baseURL,
    locale: "en-US",
    extraHTTPHeaders: { "Accept-Language": "en" },
    storageState: { cookies: [], origins: [] },
  });
  const pay = await phone.newPage();
  const events: { status: number; cookie: string | null }[] = [];
  pay.on("response", async (r) => {
    if (r.url().endsWith("/funnel"))
      events.push({ status: r.status(), cookie: await r.headerValue("set-cookie") });
  });
  await pay.goto(order.customerPath);
  await pay.getByText(m.chooserTitle).click();
  await pay.getByLabel(m.chooserSearch).fill("VTB");
  const app = pay.getByRole("link", { name: "VTB Bank", exact: true });
  await expect(app).toBeVisible();
  // The link opens a bank app (a custom scheme): the browser is kept on the page, the click still counts.
  await pay.evaluate(() => document.addEventListener("click", (e) => e.preventDefault()));
  await app.click();
  await expect.poll(() => events.length, { timeout: 15_000 }).toBe(2);
  expect(events).toEqual([
    { status: 204, cookie: null },
    { status: 204, cookie: null },
  ]);
  await phone.close();

  // Live: the funnel's counts move without a reload (read again when the order counts change, at the latest
  // every 30 s). Both steps together: a reading taken between the page's two events shows the open alone.
  await expect.poll(() => openedAndChosen(page), { timeout: 40_000 }).toEqual([opened + 1, chosen + 1]);
  await expect(
    page.getByRole("img", { name: /^SBP bank-app chooser funnel.*Bank app chosen \d/ }),
  ).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  await funnel.screenshot({ path: `${SHOTS}/insights-funnel-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await funnel.scrollIntoViewIfNeeded();
  await funnel.screenshot({ path: `${SHOTS}/insights-funnel-mobile.png` });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});
