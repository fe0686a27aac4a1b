import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { E2E } from "./config";
import { expect, screenshot, test, unique } from "./fixtures";

/**
 * The request log (issue 10 §2): an order's calls to the payment service on its page and on the log's own
 * page, each with who caused it, its status and time; "Copy as cURL" run in a shell makes the same call
 * again (the service answers with the same order), its signature computed from $SECRET.
 */

test("an order's calls: shown with who and how long, and the copied cURL makes the same call", async ({
  page,
  createPayin,
}) => {
  const order = await createPayin({ email: `request-log-${unique()}@example.com`, method: "SBP" });
  const calls = page.getByTestId("api-call");
  await expect(calls).toHaveCount(1);
  await expect(calls.first()).toContainText("POST /api/v1/payin/create");
  await expect(calls.first()).toContainText("200");
  await expect(calls.first()).toContainText(E2E.admin.email);

  await page.getByRole("button", { name: "Mark paid" }).click();
  await expect(page.getByTestId(`status-${order.id}`).first()).toHaveText("Success", { timeout: 20_000 });
  // The log stores a call after it was answered, never holding it up (lib/payment-api/call-log.ts), and the
  // callback can bring Success first: the page shows the call once it is stored, on a later read.
  await expect(async () => {
    await page.reload();
    await expect(calls).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(calls.nth(1)).toContainText(`POST /sandbox/orders/${order.serviceId}/status`);

  await calls.first().getByText("Request and answer").click();
  await expect(calls.first().locator('[data-label="Request body"]')).toContainText(order.paymentId);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await calls
    .first()
    .getByRole("button", { name: /Copy as cURL/ })
    .click();
  const command = await page.evaluate(() => navigator.clipboard.readText());
  expect(command).not.toContain(E2E.sandboxAccount.secret);
  await screenshot(page, "order-api-calls");

  const run = (secret: string) =>
    promisify(execFile)("bash", ["-c", command], {
      env: { ...process.env, SECRET: secret },
      timeout: 15_000,
    });
  const replay = JSON.parse((await run(E2E.sandboxAccount.secret)).stdout);
  expect(replay).toMatchObject({ id: order.serviceId });
  expect(JSON.parse((await run("not-the-secret")).stdout)).toMatchObject({ status: 401 });

  await page.getByRole("link", { name: "Request log", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Request log", level: 1 })).toBeVisible();
  const logged = page
    .getByTestId("api-call")
    .filter({ hasText: `/sandbox/orders/${order.serviceId}/status` });
  await expect(logged).toHaveCount(1);
  await logged.getByRole("link", { name: "Order" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
});

test("the log filters by order and by status, names a bad filter, pages past the newest 100 and exports the filter as CSV", async ({
  page,
  createPayin,
  staffMember,
}) => {
  test.setTimeout(120_000);
  // Amount .55: the sandbox answers the first create 500, and the client's retry gets the order.
  const order = await createPayin({
    email: `request-log-${unique()}@example.com`,
    method: "SBP",
    amount: "1500.55",
  });
  await page.goto("/requests");
  const calls = page.getByTestId("api-call");
  await page.getByLabel("Order", { exact: true }).fill(order.paymentId.slice(0, 8));
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(calls).toHaveCount(2);
  await expect(calls.nth(0)).toContainText("attempt 2");
  await expect(calls.nth(1)).toContainText("500");

  await page.getByLabel("Status or error").fill("5xx");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(calls).toHaveCount(1);
  await expect(calls.first()).toContainText("POST /api/v1/payin/create");
  await expect(calls.first()).toContainText("attempt 1");
  await screenshot(page, "request-log-filtered");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "request-log-filtered-mobile");
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByLabel("Status or error").fill("slow");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("#filter-errors")).toContainText(
    "status: Status must be an HTTP status (404), a class (4xx), timeout or network",
  );
  await expect(page.getByLabel("Status or error")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Status or error")).toHaveValue("slow");
  // The order filter still holds: both attempts.
  await expect(calls).toHaveCount(2);
  await screenshot(page, "request-log-bad-filter");

  // The order's calls as CSV: both attempts, nothing else.
  await page.getByLabel("Status or error").fill("");
  await page.getByRole("button", { name: "Apply" }).click();
  const orderCsv = await downloadCsv(page);
  expect(orderCsv[0]).toBe(
    "started_at,call_id,attempt,call,method,url,status,error_kind,error,latency_ms,who,order_id,payment_id,service_order_id,trace_id",
  );
  expect(orderCsv.slice(1).map((l) => l.split(",").slice(2, 7))).toEqual([
    ["2", "payin-create", "POST", expect.stringMatching(/\/api\/v1\/payin\/create$/), "200"],
    ["1", "payin-create", "POST", expect.stringMatching(/\/api\/v1\/payin\/create$/), "500"],
  ]);
  expect(orderCsv.slice(1).every((l) => l.includes(order.id) && l.includes(E2E.admin.email))).toBe(true);

  // 105 bank-directory reads by a new person: hidden by default, more than a page when shown.
  const member = await staffMember("viewer");
  for (let i = 0; i < 105; i++) {
    const res = await member.page.request.get("/api/banks?country=RU");
    expect(res.status()).toBe(200);
  }
  await page.goto("/requests");
  await page.getByLabel("Who", { exact: true }).selectOption(member.email);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No call matches these filters.")).toBeVisible();
  await page.getByLabel("Show bank-directory reads").check();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(calls).toHaveCount(100);
  await expect(calls.first()).toContainText("GET /api/v1/bank/available?country=RU");
  await expect(page.getByText("100 calls on this page")).toBeVisible();
  await page.getByRole("link", { name: "Older →" }).click();
  await expect(calls).toHaveCount(5);
  await expect(page.getByText("5 calls on this page")).toBeVisible();
  await screenshot(page, "request-log-older-page");
  await page.getByRole("link", { name: "← Newer" }).click();
  await expect(calls).toHaveCount(100);

  const bankCsv = await downloadCsv(page);
  expect(bankCsv).toHaveLength(106);
  expect(bankCsv.slice(1).every((l) => l.includes(",bank-list,GET,") && l.includes(member.email))).toBe(true);
});

/** Clicks "Export CSV" and reads the downloaded file's lines (BOM and last line end dropped). */
async function downloadCsv(page: Page): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^requests-\d{8}-\d{6}\.csv$/);
  return readFileSync((await download.path()) ?? "", "utf8")
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
}
