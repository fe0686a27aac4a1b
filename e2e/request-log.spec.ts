import { execFile } from "node:child_process";
import { promisify } from "node:util";
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
  await page.reload();
  await expect(calls).toHaveCount(2);
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
