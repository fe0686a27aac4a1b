import { expect, screenshot, test, unique } from "./fixtures";
import { E2E } from "./config";

/**
 * Pushed status (issue 10 §4): the order page and the customer's pay page open a Server-Sent Events stream
 * and, while it is open, do not poll every 3 s; a callback's change arrives by the push. Without JavaScript
 * the pay page reloads itself instead.
 */

const QUIET_MS = 7_000;

test("the order page gets the paid status pushed, without polling every 3 s", async ({
  page,
  createPayin,
  sandbox,
}) => {
  const polls: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/orders/status")) polls.push(r.url());
  });
  const stream = page.waitForRequest((r) => r.url().includes("/api/orders/events?ids="));
  const order = await createPayin({ email: `push-${unique()}@example.com`, method: "Card" });
  await stream;
  await page.waitForTimeout(1_000);
  const before = polls.length;
  // With the stream open, a quiet spell brings no status poll (polling alone would have asked twice).
  await page.waitForTimeout(QUIET_MS);
  expect(polls.length).toBe(before);

  await sandbox.setStatus(order.serviceId, "Success");
  await expect(page.getByTestId(`status-${order.id}`).first()).toHaveText("Success", { timeout: 5_000 });
});

test("the customer's pay page gets the paid screen pushed; without JavaScript it reloads itself", async ({
  browser,
  createPayin,
  sandbox,
  request,
}) => {
  const order = await createPayin({ email: `push-pay-${unique()}@example.com`, method: "SBP" });
  const context = await browser.newContext({
    baseURL: E2E.baseUrl,
    storageState: { cookies: [], origins: [] },
  });
  const pay = await context.newPage();
  const polls: string[] = [];
  pay.on("request", (r) => {
    if (new URL(r.url()).pathname === `/api/pay/${order.customerPath.split("/").pop()}`) polls.push(r.url());
  });
  const stream = pay.waitForRequest((r) => r.url().endsWith("/events"));
  await pay.goto(order.customerPath);
  await stream;
  await pay.waitForTimeout(1_000);
  const before = polls.length;
  await pay.waitForTimeout(QUIET_MS);
  expect(polls.length).toBe(before);

  // The page's HTML asks a browser without JavaScript to reload it while the customer may still pay.
  const html = await (await request.get(order.customerPath)).text();
  expect(html).toMatch(/<noscript>[\s\S]*?<meta http-equiv="refresh" content="15"\/>/);

  await sandbox.setStatus(order.serviceId, "Success");
  await expect(pay.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(pay.getByTestId("countdown")).toHaveCount(0, { timeout: 5_000 });
  await screenshot(pay, "pay-page-pushed-success");
  const paidHtml = await (await request.get(order.customerPath)).text();
  expect(paidHtml).not.toContain('http-equiv="refresh"');
  await context.close();
});
