import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { E2E } from "./config";
import { expect, screenshot, test, unique } from "./fixtures";
import { changeStatusDuringFirstRead, holdFirstRead } from "./held-read";
import { addUser, signedOutContext, signIn } from "./staff";

/**
 * Orders: create a pay-in through the form, follow it on its page, move it with the sandbox controls and
 * watch the status arrive by the real signed callback; list filters, search, live list, CSV export.
 */

test.describe("order page", () => {
  test("“Mark paid” moves the order at the sandbox and the status arrives on screen by callback", async ({
    page,
    createPayin,
  }) => {
    const { id } = await createPayin({ email: `paid-${unique()}@example.com` });

    const badge = page.getByTestId(`status-${id}`).first();
    await expect(badge).toHaveText("In progress");
    await expect(page.getByRole("heading", { name: "Pay-in · Card" })).toBeVisible();
    await expect(page.getByTestId("customer-link")).toHaveText(
      new RegExp(`^${E2E.baseUrl}/pay/[A-Za-z0-9_-]{43}$`),
    );
    await expect(page.getByText("No callbacks yet.")).toBeVisible();

    await page.getByRole("button", { name: "Mark paid" }).click();
    // No reload: the live status poll sees the callback's change, then the page re-renders.
    await expect(badge).toHaveText("Success", { timeout: 20_000 });
    const delivery = page.getByTestId("callback-delivery");
    await expect(delivery).toHaveCount(1);
    await expect(delivery).toContainText("Signature verified");
    await expect(delivery).toContainText("Applied");
    await expect(page.getByRole("button", { name: "Mark paid" })).toHaveCount(0);
    await screenshot(page, "orders-detail-paid");
  });

  test("under callback chaos (dropped, badly signed, duplicated, out of order) the order ends paid and says what came", async ({
    page,
    createPayin,
    sandbox,
  }) => {
    const { id, serviceId } = await createPayin({ email: `chaos-${unique()}@example.com` });
    const chaos = await sandbox.setChaos(serviceId, {
      modes: ["drop", "bad-signature", "duplicate", "out-of-order"],
      seed: 7,
    });
    expect(chaos.chaos?.modes).toEqual(["drop", "bad-signature", "duplicate", "out-of-order"]);

    const badge = page.getByTestId(`status-${id}`).first();
    await page.getByRole("button", { name: "Mark paid" }).click();
    await expect(badge).toHaveText("Success", { timeout: 20_000 });
    // The refused signature, the applied retry, its duplicate and the older "In progress" after it.
    await page.reload();
    const deliveries = page.getByTestId("callback-delivery");
    await expect(deliveries).toHaveCount(4, { timeout: 20_000 });
    await expect(page.locator('[data-outcome="rejected"]')).toContainText("Signature refused");
    await expect(page.locator('[data-outcome="applied"]')).toHaveCount(1);
    await expect(page.locator('[data-outcome="duplicate"]')).toContainText("Duplicate — already processed");
    await expect(page.locator('[data-outcome="stale"]')).toContainText("Stale — not applied");
    await expect(badge).toHaveText("Success");
    const record = await sandbox.order(serviceId);
    expect(record.callbacks[0]?.attempts.map((a) => a.chaos)).toEqual([
      "drop",
      "bad-signature",
      null,
      "duplicate",
    ]);
    await screenshot(page, "orders-detail-chaos");
  });

  test("payment details are grouped for the eye and copied exactly; the customer link copies", async ({
    page,
    createPayin,
  }) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E.baseUrl });
    await createPayin({ email: `details-${unique()}@example.com` });
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

    const cardRow = page.locator("dt", { hasText: "Card number" }).locator("xpath=following-sibling::dd[1]");
    await expect(cardRow.locator(".mono")).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/);
    await cardRow.getByRole("button", { name: "Copy card number" }).click();
    await expect(cardRow.getByRole("button", { name: "Copy card number" })).toHaveText("Copied ✓");
    const copied = await clipboard();
    expect(copied).toBe(((await cardRow.locator(".mono").textContent()) ?? "").replace(/ /g, ""));
    // Exactly what the service answered to the create request, shown once on the page (in its call).
    const create = page.getByTestId("api-call").filter({ hasText: "/payin/create" });
    await create.getByText("Request and answer").click();
    await expect(create.getByText("The answer to the create request, as it was then")).toBeVisible();
    await expect(create.locator('pre[data-label="Answer to the create request"]')).toContainText(
      new RegExp(`"cardNumber":\\s*"${copied}"`),
    );
    await expect(page.locator("pre").filter({ hasText: copied })).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Request as sent" })).toHaveCount(0);

    await page.getByRole("button", { name: "Copy customer link" }).click();
    expect(await clipboard()).toBe(await page.getByTestId("customer-link").textContent());
  });

  test("“Expire” and “Fail” end pay-ins the same way; final statuses offer no more controls", async ({
    page,
    createPayin,
  }) => {
    const { id: expired } = await createPayin({ email: `exp-${unique()}@example.com` });
    await page.getByRole("button", { name: "Expire" }).click();
    await expect(page.getByTestId(`status-${expired}`).first()).toHaveText("Expired", { timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Fail" })).toHaveCount(0);

    const { id: failed } = await createPayin({
      email: `fail-${unique()}@example.com`,
      method: "CrossBorderCard",
    });
    await page.getByRole("button", { name: "Fail" }).click();
    await expect(page.getByTestId(`status-${failed}`).first()).toHaveText("Failed", { timeout: 20_000 });
  });

  test("unknown and malformed order ids are 404", async ({ page }) => {
    for (const id of ["3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10", "not-a-uuid"]) {
      const res = await page.goto(`/orders/${id}`);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();
    }
  });
});

test.describe("orders list", () => {
  const rows = (page: Page) => page.locator("tbody tr[data-order-id]");

  test("search by a part of the email, through the GET form; a method filter narrows it, in the URL", async ({
    page,
    taggedPair: { tag, paid },
  }) => {
    await page.goto("/orders");
    await page.getByLabel("Search").fill(tag);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
    await expect(rows(page)).toHaveCount(2);

    await page.getByLabel("Method").selectOption("Card");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/method=Card/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute("data-order-id", paid.id);
  });

  test("a status set at the sandbox reaches the open list live, by callback", async ({
    page,
    createPayin,
    sandbox,
  }) => {
    const tag = unique();
    const order = await createPayin({ email: `live-${tag}@example.com` });
    await page.goto(`/orders?q=${tag}`);
    await expect(rows(page)).toHaveCount(1);
    // The order is paid at the sandbox (no click here) and the badge follows without a reload.
    await expect(page.getByTestId(`status-${order.id}`)).toHaveText("In progress");
    await sandbox.setStatus(order.serviceId, "Success");
    await expect(page.getByTestId(`status-${order.id}`)).toHaveText("Success", { timeout: 20_000 });
  });

  test("a status pushed while the list's first read is on its way shows at once, not at the next poll", async ({
    page,
    createPayin,
    sandbox,
  }) => {
    const tag = unique();
    const order = await createPayin({ email: `race-${tag}@example.com` });
    const read = await holdFirstRead(page, (url) => url.pathname === "/api/orders/status");
    await page.goto(`/orders?q=${tag}`);
    await changeStatusDuringFirstRead(page, read, sandbox, order.serviceId, "Success");
    // Under the next poll (30 s with the stream open), so only a read made for the push can show it.
    await expect(page.getByTestId(`status-${order.id}`)).toHaveText("Success", { timeout: 15_000 });
  });

  test("status and direction filters", async ({ page, taggedPair: { tag, paid } }) => {
    await page.goto(`/orders?q=${tag}&status=Success`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute("data-order-id", paid.id);
    await page.goto(`/orders?q=${tag}&direction=payout`);
    await expect(page.getByText("No orders match these filters.")).toBeVisible();
  });

  test("exact search by paymentId, in any case", async ({ page, taggedPair: { paid } }) => {
    await page.goto(paid.orderUrl);
    await expect(page.locator("header code").first()).toHaveText(paid.paymentId);
    await page.goto(`/orders?q=${paid.paymentId.toUpperCase()}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute("data-order-id", paid.id);
  });

  test("a bad filter is named, and the value typed is shown back", async ({ page }) => {
    await page.goto(`/orders?q=${unique()}&country=XX`);
    await expect(page.locator("#filter-errors")).toContainText(
      "country: Country must be an ISO 3166-1 alpha-2 code",
    );
    await expect(page.getByLabel("Country")).toHaveValue("XX");
  });

  test("“Export CSV” downloads the current filter", async ({ page, taggedPair: { tag, paid, open } }) => {
    await page.goto(`/orders?q=${tag}`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{8}-\d{6}\.csv$/);
    const csv = readFileSync((await download.path()) ?? "", "utf8").replace(/^\uFEFF/, "");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "created_at,order_id,payment_id,provider_order_id,direction,payment_method,amount,final_amount,currency,country,status,client_email,updated_at",
    );
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.includes(paid.id) && l.includes(",Success,"))).toBe(true);
    expect(lines.some((l) => l.includes(open.id) && l.includes(",CrossBorderCard,"))).toBe(true);
  });

  test("the list and an order page fit a phone", async ({ page, taggedPair: { tag, paid } }) => {
    await page.goto(`/orders?q=${tag}`);
    await expect(rows(page)).toHaveCount(2);
    await screenshot(page, "orders-list");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(rows(page)).toHaveCount(2);
    await screenshot(page, "orders-list-phone");
    await page.goto(`/orders/${paid.id}`);
    await screenshot(page, "orders-detail-phone");
  });

  test("the JSON status route and the CSV export check the session themselves", async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: E2E.baseUrl,
      storageState: { cookies: [], origins: [] },
    });
    const status = await context.request.get("/api/orders/status?ids=3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10");
    expect(status.status()).toBe(401);
    const csv = await context.request.get("/orders/export", { maxRedirects: 0 });
    expect(csv.status()).toBe(401);
    await context.close();
  });
});

test("a viewer reads orders but gets no sandbox controls", async ({ page, browser, createPayin }) => {
  const { id } = await createPayin({ email: `viewer-order-${unique()}@example.com` });
  await expect(page.getByRole("button", { name: "Mark paid" })).toBeVisible();

  const viewer = { email: `viewer-${unique()}@example.com`, password: "viewer-password-123" };
  await addUser(page, { ...viewer, name: "Orders Viewer", role: "viewer" });

  const context = await signedOutContext(browser);
  const vp = await context.newPage();
  await signIn(vp, viewer.email, viewer.password);
  await expect(vp).not.toHaveURL(/\/login/);
  await vp.goto(`/orders/${id}`);
  await expect(vp.getByTestId(`status-${id}`).first()).toHaveText("In progress");
  await expect(vp.getByRole("button", { name: "Mark paid" })).toHaveCount(0);
  await expect(vp.getByRole("link", { name: "New pay-in" })).toHaveCount(0);
  const status = await vp.request.get(`/api/orders/status?ids=${id}`);
  expect(status.status()).toBe(200);
  expect((await status.json()).orders[0]).toMatchObject({ id, status: "In progress" });
  await context.close();
});

test("the overview counts orders by status and links to the filtered list", async ({ page, createPayin }) => {
  await createPayin({ email: `overview-${unique()}@example.com` });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  const inProgress = page.getByRole("link", { name: /In progress\s*\d+/ });
  await expect(inProgress).toBeVisible();
  await inProgress.click();
  await expect(page).toHaveURL(/\/orders\?status=In\+progress|\/orders\?status=In%20progress/);
  await expect(page.locator("tbody tr[data-order-id]").first()).toBeVisible();
  await page.goto("/");
  await screenshot(page, "orders-overview");
});
