import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signRequest } from "../lib/signing";
import { E2E } from "./config";

/**
 * Orders: create a pay-in through the form, follow it on its page, move it with the sandbox controls and
 * watch the status arrive by the real signed callback; list filters, search, live list, CSV export.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function createPayin(
  page: Page,
  o: { email: string; method?: string; amount?: string },
): Promise<string> {
  await page.goto("/payins/new");
  // The paymentId appears once the form is hydrated; choosing before that would be undone.
  await expect(page.getByTestId("payment-id")).toHaveText(/^[0-9a-f-]{36}$/);
  await page.getByLabel("Payment method").selectOption(o.method ?? "Card");
  await expect(page.getByLabel("Payment method")).toHaveValue(o.method ?? "Card");
  await page.getByLabel("Amount").fill(o.amount ?? "1500");
  await page.getByRole("button", { name: "Generate" }).click();
  await page.getByLabel("Client IP").fill("203.0.113.10");
  await page.getByLabel("Client email").fill(o.email);
  await page.getByRole("button", { name: "Create pay-in" }).click();
  await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  return new URL(page.url()).pathname.split("/").pop() ?? "";
}

/** The sandbox's own test control, called the way QA would (signed, over HTTP). */
async function sandboxSetStatus(providerId: string, status: "Success" | "Failed" | "Expired"): Promise<void> {
  const body = JSON.stringify({ status });
  const res = await fetch(`${E2E.sandboxUrl}/sandbox/orders/${providerId}/status`, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      "x-client-id": E2E.sandboxAccount.clientId,
      "x-signature": signRequest(E2E.sandboxAccount.secret, { method: "POST", body }),
    },
  });
  expect(res.status).toBe(200);
}

test.describe("order page", () => {
  test("“Mark paid” moves the order at the sandbox and the status arrives on screen by callback", async ({
    page,
  }) => {
    const email = `paid-${unique()}@example.com`;
    const id = await createPayin(page, { email });

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
    await page.screenshot({ path: "test-results/orders-detail-paid.png", fullPage: true });
  });

  test("payment details are grouped for the eye and copied exactly; the customer link copies", async ({
    page,
  }) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E.baseUrl });
    await createPayin(page, { email: `details-${unique()}@example.com` });
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

    const cardRow = page.locator("dt", { hasText: "Card number" }).locator("xpath=following-sibling::dd[1]");
    await expect(cardRow.locator(".mono")).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/);
    await cardRow.getByRole("button", { name: "Copy card number" }).click();
    await expect(cardRow.getByRole("button", { name: "Copy card number" })).toHaveText("Copied ✓");
    const copied = await clipboard();
    expect(copied).toBe(((await cardRow.locator(".mono").textContent()) ?? "").replace(/ /g, ""));
    // Exactly what the service answered (the response as stored, shown on the same page).
    await expect(page.locator("pre", { hasText: '"bankDetails"' })).toContainText(
      `"cardNumber": "${copied}"`,
    );

    await page.getByRole("button", { name: "Copy customer link" }).click();
    expect(await clipboard()).toBe(await page.getByTestId("customer-link").textContent());
  });

  test("“Expire” and “Fail” end pay-ins the same way; final statuses offer no more controls", async ({
    page,
  }) => {
    const expired = await createPayin(page, { email: `exp-${unique()}@example.com` });
    await page.getByRole("button", { name: "Expire" }).click();
    await expect(page.getByTestId(`status-${expired}`).first()).toHaveText("Expired", { timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Fail" })).toHaveCount(0);

    const failed = await createPayin(page, {
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
  test("search, filters in the URL, live status and CSV of the current filter", async ({ page }) => {
    const tag = unique();
    const cardId = await createPayin(page, { email: `list-${tag}@example.com`, method: "Card" });
    const serviceId = (await page.locator("dt:text-is('Service id') + dd").textContent())?.trim() ?? "";
    const paymentId = (await page.locator("header code").first().textContent())?.trim() ?? "";
    const kzId = await createPayin(page, { email: `list-${tag}@example.com`, method: "CrossBorderCard" });

    // Search by email part, through the GET form.
    await page.goto("/orders");
    await page.getByLabel("Search").fill(tag);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
    const rows = page.locator("tbody tr[data-order-id]");
    await expect(rows).toHaveCount(2);

    // A method filter narrows it and lives in the URL.
    await page.getByLabel("Method").selectOption("Card");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/method=Card/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("data-order-id", cardId);

    // Live status in the list: the order is paid at the sandbox (no click here) and the badge follows.
    await expect(page.getByTestId(`status-${cardId}`)).toHaveText("In progress");
    await sandboxSetStatus(serviceId, "Success");
    await expect(page.getByTestId(`status-${cardId}`)).toHaveText("Success", { timeout: 20_000 });

    // Status and direction filters.
    await page.goto(`/orders?q=${tag}&status=Success`);
    await expect(rows).toHaveCount(1);
    await page.goto(`/orders?q=${tag}&direction=payout`);
    await expect(page.getByText("No orders match these filters.")).toBeVisible();

    // Exact search by paymentId (any case).
    await page.goto(`/orders?q=${paymentId.toUpperCase()}`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("data-order-id", cardId);

    // A bad filter is named, and the value typed is shown back.
    await page.goto(`/orders?q=${tag}&country=XX`);
    await expect(page.locator("#filter-errors")).toContainText(
      "country: Country must be an ISO 3166-1 alpha-2 code",
    );
    await expect(page.getByLabel("Country")).toHaveValue("XX");

    // CSV of the current filter.
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
    expect(lines.some((l) => l.includes(cardId) && l.includes(",Success,"))).toBe(true);
    expect(lines.some((l) => l.includes(kzId) && l.includes(",CrossBorderCard,"))).toBe(true);
    await page.screenshot({ path: "test-results/orders-list.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(rows).toHaveCount(2);
    await page.screenshot({ path: "test-results/orders-list-phone.png", fullPage: true });
    await page.goto(`/orders/${cardId}`);
    await page.screenshot({ path: "test-results/orders-detail-phone.png", fullPage: true });
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

test("a viewer reads orders but gets no sandbox controls", async ({ page, browser }) => {
  const id = await createPayin(page, { email: `viewer-order-${unique()}@example.com` });
  await expect(page.getByRole("button", { name: "Mark paid" })).toBeVisible();

  const viewer = { email: `viewer-${unique()}@example.com`, password: "viewer-password-123" };
  await page.goto("/users");
  const form = page.locator("form", { has: page.getByRole("button", { name: "Add user" }) });
  await form.getByLabel("Email").fill(viewer.email);
  await form.getByLabel("Name").fill("Orders Viewer");
  await form.getByLabel("Role", { exact: true }).selectOption("viewer");
  await form.getByLabel("Initial password").fill(viewer.password);
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(page.locator(`tr[data-user-email="${viewer.email}"]`)).toBeVisible();

  const context = await browser.newContext({
    baseURL: E2E.baseUrl,
    storageState: { cookies: [], origins: [] },
  });
  const vp = await context.newPage();
  await vp.goto("/login");
  await vp.getByLabel("Email").fill(viewer.email);
  await vp.getByLabel("Password").fill(viewer.password);
  await vp.getByRole("button", { name: "Sign in" }).click();
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

test("the overview counts orders by status and links to the filtered list", async ({ page }) => {
  await createPayin(page, { email: `overview-${unique()}@example.com` });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  const inProgress = page.getByRole("link", { name: /In progress\s*\d+/ });
  await expect(inProgress).toBeVisible();
  await inProgress.click();
  await expect(page).toHaveURL(/\/orders\?status=In\+progress|\/orders\?status=In%20progress/);
  await expect(page.locator("tbody tr[data-order-id]").first()).toBeVisible();
  await page.goto("/");
  await page.screenshot({ path: "test-results/orders-overview.png", fullPage: true });
});
