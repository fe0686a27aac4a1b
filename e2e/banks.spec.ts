import { E2E } from "./config";
import { expect, screenshot, test } from "./fixtures";

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

test("finds a bank instantly by name, code or id, and keeps the header in view while scrolling", async ({
  page,
}) => {
  await page.goto("/banks?country=RU");
  const table = page.getByRole("table", { name: "Banks in Russia (RU)" });
  const search = page.getByRole("searchbox", { name: "Search banks" });
  const row = (name: string) => table.getByRole("row").filter({ hasText: name });
  const dataRows = table.getByRole("row").filter({ has: page.getByRole("cell") });
  const all = await dataRows.count();
  expect(all).toBeGreaterThan(20);

  await search.fill("alfa");
  await expect(row("Alfa-Bank")).toBeVisible();
  await expect(row("Sberbank")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: /of \d+ banks match/ })).toHaveText(
    new RegExp(`^\\d+ of ${all} banks match$`),
  );
  // The name as the customer knows it in Russian finds the Latin one.
  await search.fill("сбер");
  await expect(row("Sberbank")).toBeVisible();
  await expect(row("Alfa-Bank")).toHaveCount(0);
  // By the national code (SBP member id) and by the directory id.
  await search.fill("100000000111");
  await expect(dataRows).toHaveCount(1);
  await expect(row("Sberbank")).toBeVisible();
  await search.fill("1004");
  await expect(row("Alfa-Bank")).toContainText("1004");
  await expect(row("Sberbank")).toHaveCount(0);

  await search.fill("no such bank");
  await expect(dataRows).toHaveCount(0);
  await expect(page.getByText("No bank matches “no such bank”.")).toBeVisible();

  // The search is in the address: a reload (or a shared link) shows the same rows.
  await search.fill("alfa");
  await expect(page).toHaveURL(/[?&]q=alfa/);
  await page.reload();
  await expect(search).toHaveValue("alfa");
  await expect(row("Sberbank")).toHaveCount(0);

  await search.fill("");
  await expect(dataRows).toHaveCount(all);
  await expect(page).not.toHaveURL(/[?&]q=/);
  for (const [name, width] of [
    ["banks-desktop-1280", 1280],
    ["banks-mobile-390", 390],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, name);
    // Scrolled to the end, the first banks are out of view but the column headers stay at the top.
    await dataRows.last().scrollIntoViewIfNeeded();
    const header = table.getByRole("columnheader", { name: "Name" });
    await expect(row("Sberbank")).not.toBeInViewport();
    await expect(header).toBeInViewport();
    const box = await header.boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect(box?.y ?? 999).toBeLessThan(120);
    // Nothing of the shell covers it (the element at its centre is the header cell itself).
    const onTop = await header.evaluate((th) => {
      const r = th.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit === th || th.contains(hit);
    });
    expect(onTop).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`${name}-scrolled.png`) });
  }
});

test("without JavaScript the search box filters on the server", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: E2E.adminStorageState });
  const page = await context.newPage();
  await page.goto(`${E2E.baseUrl}/banks?country=RU`);
  await page.getByRole("searchbox", { name: "Search banks" }).fill("alfa");
  await page.getByRole("searchbox", { name: "Search banks" }).press("Enter");
  await expect(page).toHaveURL(/country=RU&q=alfa/);
  const table = page.getByRole("table", { name: "Banks in Russia (RU)" });
  await expect(table.getByRole("row").filter({ hasText: "Alfa-Bank" })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: "Sberbank" })).toHaveCount(0);
  await context.close();
});
