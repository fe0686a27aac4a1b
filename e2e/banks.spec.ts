import { expect, test } from "./fixtures";

/** /banks: the bank directory of a country, fetched server-side through the signed client from the sandbox. */
test("lists a country's banks with the code the country uses, and names a bad country code", async ({
  page,
}) => {
  await page.goto("/banks");
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader", { name: "SBP member id" })).toBeVisible();
  const sber = table.getByRole("row").filter({ hasText: "Sberbank" });
  await expect(sber).toContainText("100000000111");
  await expect(sber).toContainText("1001");
  // VTB's member id is its own, not derived from its app scheme (SOURCES.md).
  await expect(table.getByRole("row").filter({ hasText: "VTB" })).toContainText("100000000005");

  await page.getByLabel("Country", { exact: true }).selectOption("BR");
  await page.getByRole("button", { name: "Show banks" }).click();
  await expect(page).toHaveURL(/country=BR/);
  await expect(table.getByRole("columnheader", { name: "ISPB" })).toBeVisible();
  // The ISPB keeps its leading zeros.
  await expect(table.getByRole("row").filter({ hasText: "Banco do Brasil" })).toContainText("00000000");

  await page.getByLabel("Other country (ISO code)").fill("R1");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "R1" })).toContainText(/country/i);
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("a signed-out visitor is sent to sign in", async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/banks");
  await expect(page).toHaveURL(/\/login/);
  await context.close();
});
