import { expect, screenshot, test, unique } from "./fixtures";

/**
 * Callbacks (issue 10 §1): every delivery in one list, filtered; one delivery as it came; "Re-apply" runs
 * the receiver again (idempotent, recorded, audited); with the sandbox, "send it again" brings the same
 * event once more, which the receiver de-duplicates.
 */

test("a paid order's callback: found by filter, opened, re-applied, sent again by the sandbox", async ({
  page,
  createPayin,
  sandbox,
}) => {
  const order = await createPayin({ email: `callbacks-${unique()}@example.com`, method: "Card" });
  await sandbox.setStatus(order.serviceId, "Success");
  await expect(page.getByTestId(`status-${order.id}`).first()).toHaveText("Success", { timeout: 20_000 });

  await page.getByRole("link", { name: "Callbacks", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Callbacks", level: 1 })).toBeVisible();
  await page.getByLabel("Outcome").selectOption("applied");
  await page.getByLabel("Order's method").selectOption("Card");
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page).toHaveURL(/\/callbacks\?outcome=applied&method=Card/);
  const row = page.locator("tbody tr", { hasText: order.paymentId.slice(0, 8) });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute("data-outcome", "applied");
  await screenshot(page, "callbacks-list");

  await row.getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Callback delivery" })).toBeVisible();
  await expect(page.getByTestId("delivery-outcome")).toHaveText("Applied");
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  await expect(page.locator('[data-label="Raw body"]')).toContainText(order.paymentId);
  await expect(page.locator('[data-label="Headers"]')).toContainText("webhook-signature");
  const original = page.url();

  await page.getByRole("button", { name: "Re-apply", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Re-applied" })).toContainText(
    "Re-applied: nothing to change, the order already had this status.",
  );
  await expect(page.getByTestId("reapplication")).toHaveCount(1);
  await page.getByRole("link", { name: "See the re-application" }).click();
  await expect(page.getByTestId("delivery-outcome")).toHaveText("Duplicate — already processed");
  await expect(
    page.getByRole("link", { name: new URL(original).pathname.split("/").pop() ?? "" }),
  ).toBeVisible();
  await screenshot(page, "callback-reapplied");

  await page.goto(original);
  await page.getByRole("button", { name: "Ask the sandbox to send it again" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Asked the sandbox" })).toBeVisible();

  // The order's timeline: the delivery, the staff re-application, and the sandbox's resend (a duplicate).
  await page.goto(order.orderUrl);
  const deliveries = page.getByTestId("callback-delivery");
  await expect(async () => {
    await page.reload();
    await expect(deliveries).toHaveCount(3, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(deliveries.filter({ hasText: "re-applied by staff" })).toHaveCount(1);
  await expect(page.locator('[data-outcome="duplicate"]')).toHaveCount(2);
  await expect(page.getByTestId(`status-${order.id}`).first()).toHaveText("Success");

  await page.goto("/users");
  await expect(page.getByText(/Re-applied a callback [0-9a-f]{8}: Duplicate/).first()).toBeVisible();
  await expect(
    page.getByText(/Asked the sandbox to send a callback [0-9a-f]{8} again/).first(),
  ).toBeVisible();
});

test("a bad filter is named; a viewer reads callbacks but gets no re-apply", async ({
  page,
  createPayin,
  sandbox,
  staffMember,
}) => {
  const order = await createPayin({ email: `callbacks-viewer-${unique()}@example.com`, method: "Card" });
  await sandbox.setStatus(order.serviceId, "Failed");
  // Only the callback's arrival is a precondition here (live push has specs of its own): read again until it
  // shows, as a loaded machine can hold the push past the expect's wait.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId(`status-${order.id}`).first()).toHaveText("Failed", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  await page.goto("/callbacks?outcome=banana&from=2026-13-01");
  const alert = page.locator("#filter-errors");
  await expect(alert).toContainText('outcome: Unknown outcome "banana"');
  await expect(alert).toContainText('from: "from" must be a date as YYYY-MM-DD');
  await expect(page.getByRole("button", { name: /Re-apply all/ })).toHaveCount(0);

  const { page: viewer } = await staffMember("viewer");
  await viewer.goto("/callbacks");
  await expect(viewer.getByRole("heading", { name: "Callbacks", level: 1 })).toBeVisible();
  await expect(viewer.getByRole("button", { name: /Re-apply/ })).toHaveCount(0);
  await viewer
    .locator("tbody tr", { hasText: order.paymentId.slice(0, 8) })
    .getByRole("link")
    .click();
  await expect(viewer.getByRole("heading", { name: "Callback delivery" })).toBeVisible();
  await expect(viewer.getByTestId("delivery-outcome")).toHaveText("Applied");
  await expect(viewer.getByRole("button", { name: /Re-apply|send it again/ })).toHaveCount(0);
});

test("“Re-apply all matching” asks first (how many, which filter), then writes one activity entry; a phone keeps id and label apart", async ({
  page,
  createPayin,
  sandbox,
}) => {
  // CrossBorderCard: no other spec counts the callbacks of such an order, which a bulk re-apply adds to.
  const order = await createPayin({
    email: `reapply-all-${unique()}@example.com`,
    method: "CrossBorderCard",
  });
  await sandbox.setStatus(order.serviceId, "Failed");
  await expect(page.getByTestId(`status-${order.id}`).first()).toHaveText("Failed", { timeout: 20_000 });
  const filters = "outcome “Applied”, method “CrossBorderCard”";

  await page.goto("/callbacks?outcome=applied&method=CrossBorderCard");
  const open = page.getByRole("button", { name: "Re-apply all matching" });
  const dialog = page.getByRole("dialog", { name: /^Re-apply \d+ callbacks?\?$/ });
  await open.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`filters: ${filters}`);
  const count = Number(/\d+/.exec((await dialog.getByRole("heading").textContent()) ?? "")?.[0]);
  expect(count).toBeGreaterThanOrEqual(1);
  await screenshot(page, "callbacks-reapply-all-confirm-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "callbacks-reapply-all-confirm-mobile");

  // Cancel sends nothing.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Re-applied" })).toHaveCount(0);

  // On a phone the order cell reads "<id> Pay-in · CrossBorderCard", not the two run together.
  const row = page.getByRole("row").filter({ hasText: order.paymentId.slice(0, 8) });
  await expect(row.getByRole("cell").nth(3)).toHaveText(
    `${order.paymentId.slice(0, 8)} Pay-in · CrossBorderCard`,
    {
      useInnerText: true,
    },
  );
  await screenshot(page, "callbacks-list-mobile");
  await page.setViewportSize({ width: 1280, height: 900 });

  await open.click();
  await dialog.getByRole("button", { name: /^Re-apply \d+ callbacks?$/ }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Re-applied \d+:/ })).toContainText("duplicate");

  // The activity log: one sentence for the click, naming the filter.
  await page.goto("/users");
  await expect(
    page.getByText(new RegExp(`^Re-applied \\d+ callbacks? \\(${filters}\\)`)).first(),
  ).toBeVisible();
  // The order's own history shows its callback re-applied by staff.
  await page.goto(order.orderUrl);
  await expect(page.getByTestId("callback-delivery").filter({ hasText: "re-applied by staff" })).toHaveCount(
    1,
  );
});
