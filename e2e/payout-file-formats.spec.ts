import { writeFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { codePageBytes, SBP_FILE_HEADER } from "../lib/testing/spreadsheet-files";
import { expect, screenshotBothWidths, test, unique, UUID_GROUP } from "./fixtures";

/**
 * Pay-out files as a Russian finance team saves them (issue 43 §2), in a ru-RU browser: Excel's plain "CSV"
 * (Windows-1251, semicolons, decimal commas) reaches its orders with the payees' names as written, and an
 * Excel workbook is read without an export.
 */
test.use({ locale: "ru-RU", timezoneId: "Europe/Moscow" });

const HEADER: string[] = [...SBP_FILE_HEADER];

/** An SBP row; cents .14 make the sandbox mark it Success at once. */
const row = (tag: string, i: number, amount: string | number, payee: string) => [
  "SBP",
  amount,
  "RU",
  "ALL",
  crypto.randomUUID(),
  `files-${tag}-${i}@example.com`,
  `203.0.113.${i}`,
  `+7900123456${i}`,
  payee,
];

async function choose(page: import("@playwright/test").Page, name: string, mimeType: string, buffer: Buffer) {
  await page.goto("/payouts/batches/new");
  await page.getByLabel("Pay-out file (CSV or Excel .xlsx)").setInputFiles({ name, mimeType, buffer });
}

test("Excel's Russian CSV (Windows-1251, semicolons) sends the payees' names as written", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = unique();
  const rows = [HEADER, row(tag, 1, "1 500,14", "Иван Петров"), row(tag, 2, "75 000,14", "Мария Ёлкина")];
  const csv = `${rows.map((r) => r.join(";")).join("\r\n")}\r\n`;
  await choose(page, `выплаты-${tag}.csv`, "text/csv", Buffer.from(codePageBytes(csv, "windows-1251")));
  await expect(page.getByTestId("batch-read-as")).toHaveText(
    "Read as CSV, Windows-1251 (Cyrillic), separated by semicolons.",
  );
  await expect(page.getByText("76500.28")).toBeVisible();
  await screenshotBothWidths(page, "payout-file-1251-preview");
  await page.getByRole("button", { name: "Submit 2 pay-outs" }).click();
  await page.waitForURL(new RegExp(`/payouts/batches/${UUID_GROUP}$`), { timeout: 30_000 });
  await page.getByRole("link", { name: /^Order of row 3: / }).click();
  await expect(page.getByText("Мария Ёлкина", { exact: true })).toBeVisible();
  await expect(page.locator("body")).not.toContainText("\ufffd");
});

test("an Excel workbook is read without an export; a rounded account number is refused by its cell", async ({
  page,
}) => {
  const tag = unique();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Выплаты");
  sheet.addRow(HEADER);
  sheet.addRow(row(tag, 1, 1500.14, "Олег Сидоров"));
  await choose(
    page,
    `payouts-${tag}.xlsx`,
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    Buffer.from(await book.xlsx.writeBuffer()),
  );
  await expect(page.getByTestId("batch-read-as")).toHaveText(
    "Read as Excel workbook (.xlsx), its first sheet.",
  );
  await expect(page.getByRole("button", { name: "Submit 1 pay-out", exact: true })).toBeVisible();

  const accounts = new ExcelJS.Workbook();
  const s2 = accounts.addWorksheet("Sheet1");
  s2.addRow([...HEADER.slice(0, 7), "payoutDetails.bankAccountNo"]);
  s2.addRow([
    "BankAccount",
    100,
    "RU",
    "ALL",
    crypto.randomUUID(),
    "a@example.com",
    "203.0.113.9",
    // The account number typed as a number: Excel keeps 15 digits of it.
    Number("40817810099910004312"),
  ]);
  await choose(
    page,
    `accounts-${tag}.xlsx`,
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    Buffer.from(await accounts.xlsx.writeBuffer()),
  );
  await expect(page.locator(".alert-error").first()).toContainText(
    "Cell H2 holds a number of more than 15 digits",
  );
});

test("a file is read when chosen: submit sends what was previewed, and the same name can be chosen again", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = unique();
  const path = testInfo.outputPath(`same-${tag}.csv`);
  const csvOf = (n: number) =>
    `${[HEADER, ...Array.from({ length: n }, (_, i) => row(tag, i + 1, "100,14", "Ivan Ivanov"))].map((r) => r.join(";")).join("\r\n")}\r\n`;
  writeFileSync(path, csvOf(1));
  await page.goto("/payouts/batches/new");
  const input = page.getByLabel("Pay-out file (CSV or Excel .xlsx)");
  await input.setInputFiles(path);
  await expect(page.getByRole("button", { name: "Submit 1 pay-out", exact: true })).toBeVisible();
  // Emptied: the browser sends a change for the same name only when the input no longer holds it.
  await expect(input).toHaveValue("");
  // The file changes on disk after its preview; submitting sends the previewed bytes, one row.
  writeFileSync(path, csvOf(2));
  await page.getByRole("button", { name: "Submit 1 pay-out", exact: true }).click();
  await page.waitForURL(new RegExp(`/payouts/batches/${UUID_GROUP}$`), { timeout: 30_000 });
  await expect(page.getByRole("link", { name: /^Order of row \d: / })).toHaveCount(1, { timeout: 30_000 });
  // Chosen again under the same name, the corrected file is read anew.
  await page.goto("/payouts/batches/new");
  await input.setInputFiles(path);
  await expect(page.getByRole("button", { name: "Submit 2 pay-outs", exact: true })).toBeVisible();
});
