import type { Page } from "@playwright/test";
import { PAYIN_METHODS, PAYOUT_METHODS, type PayinMethod, type PayoutMethod } from "../lib/contract/methods";
import { createRequestBody, expect, test } from "./fixtures";
import {
  chooseBank,
  expectOrderPage,
  fieldError,
  fillCard,
  fillClient,
  formField,
  openOrderForm,
  TEST_PAN,
} from "./order-form";

/**
 * Creating orders through the browser: every pay-in and pay-out method reaching its order page, the bank
 * picker (search, keyboard), every method's required fields showing their errors on an empty submit, the
 * service's own refusal landing on a field, and fields hidden by a method switch staying out of the request.
 */

const CPF = "52998224725";

const PAYIN_BANK_SEARCH: Partial<Record<PayinMethod, string>> = {
  SBP: "sber",
  QRNSPK: "alfa",
  PIX: "itau",
};

test.describe("pay-in methods", () => {
  for (const method of PAYIN_METHODS) {
    test(`${method}: created through the form, the order page opens`, async ({ page }) => {
      await openOrderForm(page, "/payins/new", method);
      await page.getByLabel("Amount", { exact: true }).fill(method === "PIX" ? "100.50" : "1500");
      const search = PAYIN_BANK_SEARCH[method];
      if (search) await chooseBank(page, search);
      await fillClient(page);
      await page.getByRole("button", { name: "Create pay-in" }).click();
      await expectOrderPage(page, `Pay-in · ${method}`);
      await expect(page.getByText("In progress").first()).toBeVisible();
      await expect(page.getByTestId("customer-link")).toBeVisible();
    });
  }
});

test("on the sandbox the amount names its test trigger, and the order does what it said", async ({
  page,
}) => {
  await openOrderForm(page, "/payins/new", "SBP");
  const amount = page.getByLabel("Amount", { exact: true });
  await page.getByText("Sandbox test amounts").click();
  await expect(page.getByText(/…13 \(e\.g\. 100\.13\): created, then at once Failed/)).toBeVisible();
  await amount.fill("100.1");
  await expect(page.getByText(/^Sandbox test amount \(cents/)).toHaveCount(0);
  await amount.fill("100.13");
  await expect(page.getByText("Sandbox test amount (cents .13): created, then at once Failed")).toBeVisible();
  await chooseBank(page, "sber");
  await fillClient(page);
  await page.getByRole("button", { name: "Create pay-in" }).click();
  await expectOrderPage(page, "Pay-in · SBP");
  await expect(page.getByText("Failed").first()).toBeVisible();
});

const PAYOUT_DETAILS: Record<PayoutMethod, (page: Page) => Promise<void>> = {
  Card: async (page) => {
    await fillCard(page, TEST_PAN);
    await expect(page.getByLabel("Card number")).toHaveValue("4111 1111 1111 1111");
  },
  SBP: async (page) => {
    await page.getByLabel("SBP phone number").fill("+79001234567");
    await page.getByLabel("Payee name").fill("Ivan Ivanov");
    await chooseBank(page, "vtb");
  },
  BankAccount: async (page) => {
    await page.getByLabel("Bank account number").fill("40817810099910004312");
  },
  PIX_OUT_CPF: async (page) => {
    await page.getByLabel("Client CPF / CNPJ").fill("529.982.247-25");
  },
  PIX_OUT_EMAIL: async (page) => {
    await page.getByLabel("Client CPF / CNPJ").fill(CPF);
  },
  PIX_OUT_PHONE: async (page) => {
    await page.getByLabel("Client CPF / CNPJ").fill(CPF);
    await page.getByLabel("Client phone").fill("+5511987654321");
  },
  PIX_OUT_EVP: async (page) => {
    await page.getByLabel("Client CPF / CNPJ").fill(CPF);
    await page.getByLabel("Pix random key (EVP)").fill(crypto.randomUUID());
  },
};

test.describe("pay-out methods", () => {
  for (const method of PAYOUT_METHODS) {
    test(`${method}: created through the form, the order page opens`, async ({ page }) => {
      await openOrderForm(page, "/payouts/new", method);
      await page.getByLabel("Amount", { exact: true }).fill(method.startsWith("PIX") ? "100.50" : "1500");
      await PAYOUT_DETAILS[method](page);
      await fillClient(page);
      await page.getByRole("button", { name: "Create pay-out" }).click();
      await expectOrderPage(page, `Pay-out · ${method}`);
      await expect(page.getByText("In progress").first()).toBeVisible();
      if (method === "Card") {
        const html = await page.content();
        expect(html).not.toContain("4111111111111111");
        expect(html).toContain("411111******1111");
      }
    });
  }
});

const PAYIN_REQUIRED = ["client.id", "client.ip", "client.email", "amount"];
const PAYOUT_REQUIRED: Record<PayoutMethod, string[]> = {
  Card: [
    "payoutDetails.ccNo",
    "payoutDetails.ccHolderName",
    "payoutDetails.ccExpirationMonth",
    "payoutDetails.ccExpirationYear",
  ],
  SBP: ["payoutDetails.phoneNumber"],
  BankAccount: ["payoutDetails.bankAccountNo"],
  PIX_OUT_CPF: ["client.tin"],
  PIX_OUT_EMAIL: ["client.tin"],
  PIX_OUT_PHONE: ["client.tin", "client.phone"],
  PIX_OUT_EVP: ["client.tin", "payoutDetails.evp"],
};

test.describe("required fields on an empty submit", () => {
  for (const method of PAYIN_METHODS) {
    test(`pay-in ${method}`, async ({ page }) => {
      await openOrderForm(page, "/payins/new", method);
      await page.getByRole("button", { name: "Create pay-in" }).click();
      for (const name of PAYIN_REQUIRED) {
        await expect(fieldError(page, name), name).toHaveText(/^Required/);
        await expect(formField(page, name)).toHaveAttribute("aria-invalid", "true");
      }
      await expect(page.getByTestId("form-status")).toHaveText(
        `Check the ${PAYIN_REQUIRED.length} highlighted fields.`,
      );
      await expect(page).toHaveURL(/\/payins\/new/);
    });
  }

  for (const method of PAYOUT_METHODS) {
    test(`pay-out ${method}`, async ({ page }) => {
      await openOrderForm(page, "/payouts/new", method);
      await page.getByRole("button", { name: "Create pay-out" }).click();
      const required = [...PAYIN_REQUIRED.slice(0, 4), ...PAYOUT_REQUIRED[method]];
      for (const name of required) {
        await expect(fieldError(page, name), name).toHaveText(/^Required/);
      }
      await expect(page.getByTestId("form-status")).toHaveText(
        `Check the ${required.length} highlighted fields.`,
      );
      if (method === "SBP") {
        // The payee name is a warning, not an error.
        await expect(page.locator('[data-field="payoutDetails.payeeName"] .field-warning')).toBeVisible();
        await expect(fieldError(page, "payoutDetails.payeeName")).toHaveCount(0);
      }
    });
  }
});

test.describe("bank picker", () => {
  test("search by name and code, keyboard navigation, choose, clear", async ({ page }) => {
    await openOrderForm(page, "/payins/new", "SBP");
    const combo = page.getByRole("combobox", { name: /bank/i });
    const listbox = page.getByRole("listbox");
    await expect(page.getByText(/\d+ banks — type to search/)).toBeVisible();

    // ArrowDown opens the list on the first option.
    await combo.focus();
    await combo.press("ArrowDown");
    await expect(combo).toHaveAttribute("aria-expanded", "true");
    const options = listbox.getByRole("option");
    const count = await options.count();
    expect(count).toBeGreaterThan(5);
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await combo.press("End");
    await expect(options.nth(count - 1)).toHaveAttribute("aria-selected", "true");
    await expect(combo).toHaveAttribute(
      "aria-activedescendant",
      (await options.nth(count - 1).getAttribute("id")) ?? "",
    );
    await combo.press("Home");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await combo.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await combo.press("ArrowUp");
    await combo.press("ArrowUp");
    // Wraps around to the last.
    await expect(options.nth(count - 1)).toHaveAttribute("aria-selected", "true");
    await combo.press("Escape");
    await expect(combo).toHaveAttribute("aria-expanded", "false");
    await expect(combo).toHaveValue("");

    // Search by the SBP member id: Sberbank's.
    await combo.fill("100000000111");
    await expect(options).toHaveCount(1);
    await expect(options.first()).toContainText("Sberbank");
    await combo.press("Enter");
    await expect(combo).toHaveValue("Sberbank");
    await expect(combo).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText("SBP member id 100000000111")).toBeVisible();

    // Search by name, nothing found.
    await combo.fill("no such bank");
    await expect(page.getByText("No bank matches “no such bank”.")).toBeVisible();
    await combo.press("Escape");
    await expect(combo).toHaveValue("Sberbank");

    // By name, arrows, Enter.
    await combo.fill("bank");
    await combo.press("ArrowDown");
    const chosen = await listbox
      .locator('[aria-selected="true"] [data-bank-name]')
      .getAttribute("data-bank-name");
    await combo.press("Enter");
    await expect(combo).toHaveValue(chosen ?? "(none)");

    // Clear.
    await page.getByRole("button", { name: /Clear the bank/ }).click();
    await expect(combo).toHaveValue("");

    // A chosen bank goes with the order.
    await combo.fill("sber");
    await combo.press("Enter");
    await page.getByLabel("Amount", { exact: true }).fill("1500");
    await fillClient(page);
    await page.getByRole("button", { name: "Create pay-in" }).click();
    await expectOrderPage(page, "Pay-in · SBP");
    await expect(await createRequestBody(page)).toContainText(/"bankId":\s*\d+/);
  });

  test("a changed country reloads the list; Brazil's banks show their ISPB", async ({ page }) => {
    // Card serves any country (Pix serves BR only, so its picker keeps Brazil's banks).
    await openOrderForm(page, "/payins/new", "Card");
    await page.getByLabel("Country").fill("BR");
    const combo = page.getByRole("combobox", { name: /bank/i });
    await chooseBank(page, "itau");
    await expect(combo).toHaveValue("Itaú Unibanco");
    await expect(page.getByText(/^ISPB \d{8}$/)).toBeVisible();
    await page.getByLabel("Country").fill("KZ");
    // The Brazilian bank is no longer a choice for KZ.
    await expect(combo).toHaveValue("");
    await expect(page.getByTestId("amount-currency")).toHaveText("KZT");
    await combo.press("ArrowDown");
    await expect(page.getByRole("listbox").getByRole("option").first()).toBeVisible();
    await page.getByLabel("Country").fill("FR");
    await expect(page.getByText("No banks listed for FR.")).toBeVisible();
  });
});

test.describe("GET /api/banks", () => {
  test("answers the signed-in staff only, and names a malformed country", async ({ page, playwright }) => {
    const ok = await page.request.get("/api/banks?country=RU");
    expect(ok.status()).toBe(200);
    const banks = (await ok.json()) as { id: number; name: string; code: string }[];
    expect(banks.find((b) => b.code === "100000000111")?.name).toBe("Sberbank");
    const bad = await page.request.get("/api/banks?country=ru1");
    expect(bad.status()).toBe(400);
    expect(((await bad.json()) as { errors: { path: string }[] }).errors[0]?.path).toBe("country");
    const anonymous = await playwright.request.newContext({ storageState: { cookies: [], origins: [] } });
    const res = await anonymous.get(new URL("/api/banks?country=RU", ok.url()).toString());
    expect(res.status()).toBe(401);
    await anonymous.dispose();
  });
});

test.describe("errors and hidden fields", () => {
  test("the service's refusal lands on its field; the corrected form creates the order", async ({ page }) => {
    await openOrderForm(page, "/payins/new", "Card");
    // The contract allows 5.00; the sandbox's Card minimum is 10.00.
    await page.getByLabel("Amount", { exact: true }).fill("5");
    await fillClient(page);
    await page.getByRole("button", { name: "Create pay-in" }).click();
    await expect(fieldError(page, "amount")).toBeVisible();
    await expect(page.getByTestId("form-status")).toContainText("refused");
    // Nothing typed was lost.
    await expect(page.getByLabel("Client IP")).toHaveValue("203.0.113.10");
    const paymentId = (await page.getByTestId("payment-id").textContent()) ?? "";
    await page.getByLabel("Amount", { exact: true }).fill("50");
    await page.getByRole("button", { name: "Create pay-in" }).click();
    await expectOrderPage(page, "Pay-in · Card");
    await expect(page.getByText(paymentId).first()).toBeVisible();
  });

  test("values of fields a method switch hid are not submitted", async ({ page }) => {
    await openOrderForm(page, "/payouts/new", "Card");
    await PAYOUT_DETAILS.Card(page);
    await page.getByLabel("Payment method").selectOption("BankAccount");
    await PAYOUT_DETAILS.BankAccount(page);
    await page.getByLabel("Amount", { exact: true }).fill("1500");
    await fillClient(page);
    await page.getByRole("button", { name: "Create pay-out" }).click();
    await expectOrderPage(page, "Pay-out · BankAccount");
    await expect(await createRequestBody(page)).toContainText(/"bankAccountNo":\s*"40817810099910004312"/);
    const html = await page.content();
    expect(html).not.toContain("ccNo");
    expect(html).not.toContain("411111");
  });
});
