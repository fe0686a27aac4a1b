import { expect, screenshot, test, UUID_PATTERN } from "./fixtures";

/**
 * The bank picker when GET /api/banks fails (the dashboard's own route, made to fail in the browser): the
 * combobox says why in its description, offers Retry, and recovers once the banks load.
 */
test("banks that fail to load: a clear message, Retry, then the list", async ({ page }) => {
  await page.route("**/api/banks?**", (route) => route.fulfill({ status: 503, body: "down" }));
  await page.goto("/payins/new");
  await expect(page.getByTestId("payment-id")).toHaveText(UUID_PATTERN);
  await page.getByLabel("Payment method").selectOption("SBP");
  const combo = page.getByRole("combobox", { name: /bank/i });
  await expect(combo).toHaveAccessibleDescription(/Could not load the banks \(503/, { timeout: 20_000 });
  await screenshot(page, "bank-picker-load-error");

  await page.unroute("**/api/banks?**");
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByText(/\d+ banks — type to search/)).toBeVisible();
  await combo.fill("sber");
  await expect(page.getByRole("listbox", { name: "Banks of RU" }).getByRole("option").first()).toBeVisible();
  await combo.press("Enter");
  await expect(combo).toHaveValue("Sberbank");
});
