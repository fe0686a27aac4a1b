import { expect, test, UUID_PATTERN } from "./fixtures";

/**
 * Rough edges of a Russian finance team's day (issue 43 §4), in a ru-RU browser in Moscow time: what staff
 * see and type, each flow on its own data.
 */
test.use({ locale: "ru-RU", timezoneId: "Europe/Moscow" });

test("the bank picker keeps the letters typed before the page came alive", async ({ page }) => {
  // The page's scripts are held back until the letters are in: what a person typing at once meets on a
  // slow connection, every time rather than by chance.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/_next/static/chunks/**", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/payouts/new?method=SBP", { waitUntil: "commit" });
  const combo = page.getByRole("combobox", { name: "Bank" });
  await combo.pressSequentially("Сбер");
  await expect(combo).toHaveValue("Сбер");
  release();
  // Hydrated (the form's paymentId is made in the browser), the letters are still there and search.
  await expect(page.getByTestId("payment-id")).toHaveText(UUID_PATTERN);
  await expect(combo).toHaveValue("Сбер");
  const first = page.getByRole("listbox", { name: "Banks of RU" }).getByRole("option").first();
  // A Russian reader's picker names the bank as the pay page does.
  await expect(first).toContainText("Сбербанк");
  await combo.press("Enter");
  await expect(combo).toHaveValue("Сбербанк");
});
