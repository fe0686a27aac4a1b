import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const SHOTS = "/tmp/shots-insights";

/** The number in a table row's "Orders" cell (the row is found by its header cell, e.g. "Success"). */
async function ordersIn(page: Page, caption: string, row: string): Promise<number> {
  const table = page.getByRole("table", { name: caption });
  const cells = table.getByRole("row", { name: new RegExp(`^${row}\\b`) }).getByRole("cell");
  if ((await cells.count()) === 0) return 0;
  return Number(await cells.first().textContent());
}

test("Insights: charts with their tables follow paid orders, the range switches, a table downloads as CSV", async ({
  page,
  createPayin,
  sandbox,
}) => {
  test.setTimeout(120_000);
  const orders = [
    await createPayin({ method: "Card" }),
    await createPayin({ method: "Card" }),
    await createPayin({ method: "Card" }),
  ];
  await page.goto("/insights");
  // The browser's zone goes into the URL, and the server buckets by it.
  await expect(page).toHaveURL(/tz=/);
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Orders per hour:/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Orders by status:/ })).toBeVisible();

  const byStatus = page.getByRole("region", { name: "Orders by status" });
  await byStatus.getByText("Show table").click();
  const successBefore = await ordersIn(page, "Orders by status", "Success");
  const inProgress = await ordersIn(page, "Orders by status", "In progress");
  expect(inProgress).toBeGreaterThanOrEqual(3);

  await sandbox.markPaid(orders[0]?.serviceId ?? "");
  await sandbox.markPaid(orders[1]?.serviceId ?? "");
  // Live: the figures follow without a reload.
  await expect
    .poll(() => ordersIn(page, "Orders by status", "Success"), { timeout: 40_000 })
    .toBeGreaterThanOrEqual(successBefore + 2);
  const rates = page.getByRole("region", { name: /Success rate by method/ });
  await rates.getByText("Show table").click();
  await expect(
    page.getByRole("table", { name: /Success rate by method/ }).getByRole("row", { name: /^Card\b/ }),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: /^Success rate by method.*Card \d/ })).toBeVisible();

  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/insights-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/insights-mobile.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });

  // CSV of the status table: the same rows.
  const download = page.waitForEvent("download");
  await byStatus.getByRole("link", { name: /Download CSV/ }).click();
  const csv = await (await download).createReadStream();
  let text = "";
  for await (const chunk of csv) text += chunk.toString();
  expect(text).toMatch(/^\uFEFF?Status,Orders,Previous period,Change\r\n/);
  expect(text).toMatch(/\r\nSuccess,\d+,/);

  // Switch the range: 7 days by day.
  await page.getByLabel("Range", { exact: true }).selectOption("7d");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/range=7d/);
  await expect(page.getByRole("img", { name: /^Orders per day:/ })).toBeVisible();

  // A custom range with To before From: the error names the field.
  await page.getByLabel("Range", { exact: true }).selectOption("custom");
  await page.getByLabel("From", { exact: true }).fill("2026-11-20");
  await page.getByLabel("To", { exact: true }).fill("2026-11-10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("To must not be before From.")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/insights-range-error.png`, fullPage: true });

  // The overview's headline links here.
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Last 24 hours" })).toBeVisible();
  await page.getByRole("link", { name: "See all insights" }).click();
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.screenshot({ path: `${SHOTS}/overview-mobile.png`, fullPage: true });
});
