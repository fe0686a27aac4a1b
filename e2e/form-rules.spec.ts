import type { Locator, Page } from "@playwright/test";
import { E2E } from "./config";
import { createRequestBody, expect, ORDER_PAGE_URL, screenshotBothWidths, test } from "./fixtures";
import { fillClient, openOrderForm } from "./order-form";

/**
 * The order forms apply the contract's rules before submit: the countries a method serves (as you type, and
 * only those offered), the Pix keys' formats, the bank picker of card pay-ins, and the copy a merchant
 * operator reads. Screenshots of the changed forms go to the run's output folder (desktop and mobile).
 */

const _MOBILE = { width: 390, height: 844 };
const CPF = "52998224725";

/** The error shown under a field, found through the field's accessible description. */
async function expectFieldError(control: Locator, message: string | RegExp) {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAccessibleDescription(message);
}

/** The countries the country field suggests (its datalist). */
async function suggestedCountries(page: Page): Promise<string[]> {
  const country = page.getByLabel("Country", { exact: true });
  const listId = await country.getAttribute("list");
  expect(listId).toBeTruthy();
  return page
    .locator(`datalist[id="${listId}"] option`)
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
}

test.describe("the countries a method serves", () => {
  test("pay-in SBP with country BR is refused at once, at the country field; Card takes it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openOrderForm(page, "/payins/new", "SBP");
    const country = page.getByLabel("Country", { exact: true });
    await expect(country).toHaveAccessibleDescription(/SBP serves RU only/);
    expect(await suggestedCountries(page)).toEqual(["RU"]);

    await country.fill("BR");
    // No submit: the rule is applied as the code is typed.
    await expectFieldError(country, /Must be RU: SBP serves country RU only/);
    await expect(page.getByRole("button", { name: "Create pay-in" })).toBeEnabled();
    await screenshotBothWidths(page, "payin-sbp-country-br");

    // A method that serves Brazil clears the error without retyping; the typed country is kept.
    await page.getByLabel("Payment method").selectOption("Card");
    await expect(country).toHaveValue("BR");
    await expect(country).not.toHaveAttribute("aria-invalid", "true");
    const cardCountries = await suggestedCountries(page);
    expect(cardCountries).toEqual(expect.arrayContaining(["RU", "BR", "KZ"]));

    // And back: SBP refuses it again at once.
    await page.getByLabel("Payment method").selectOption("SBP");
    await expectFieldError(country, /SBP serves country RU only/);
  });

  test("pay-out Pix offers Brazil only and refuses another country before submit", async ({ page }) => {
    await openOrderForm(page, "/payouts/new", "PIX_OUT_EVP");
    const country = page.getByLabel("Country", { exact: true });
    await expect(country).toHaveValue("BR");
    expect(await suggestedCountries(page)).toEqual(["BR"]);
    await country.fill("RU");
    await expectFieldError(country, /Must be BR: PIX_OUT_EVP serves country BR only/);
  });
});

test.describe("Pix pay-out keys", () => {
  test("PIX_OUT_PHONE refuses a Russian number at the phone field, then a Brazilian one goes through", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openOrderForm(page, "/payouts/new", "PIX_OUT_PHONE");
    await page.getByLabel("Amount", { exact: true }).fill("100.50");
    await page.getByLabel("Client CPF / CNPJ").fill(CPF);
    const phone = page.getByLabel("Client phone (the Pix key)");
    await expect(phone).toHaveAccessibleDescription(/Brazilian number: \+55/);
    await phone.fill("+79161234567");
    await fillClient(page);
    await page.getByRole("button", { name: "Create pay-out" }).click();
    await expectFieldError(phone, /Must be a Brazilian phone number, the Pix key/);
    await expect(page).toHaveURL(/\/payouts\/new/);
    await screenshotBothWidths(page, "payout-pix-phone-russian");

    await phone.fill("+55 11 98765-4321");
    await expect(phone).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Create pay-out" }).click();
    await page.waitForURL(ORDER_PAGE_URL, { timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Pay-out · PIX_OUT_PHONE");
  });

  test("PIX_OUT_EMAIL refuses an invalid e-mail key and says where the key is", async ({ page }) => {
    await openOrderForm(page, "/payouts/new", "PIX_OUT_EMAIL");
    await expect(
      page.getByText("The Pix key is the client's email, entered below under Client."),
    ).toBeVisible();
    await expect(page.getByText(/email above/)).toHaveCount(0);
    // "Below" is true: the Client email field comes after the recipient's fields.
    const note = await page.getByText("The Pix key is the client's email").boundingBox();
    const email = await page.getByLabel("Client email").boundingBox();
    expect(note && email && email.y > note.y).toBe(true);

    await page.getByLabel("Amount", { exact: true }).fill("100.50");
    await page.getByLabel("Client CPF / CNPJ").fill(CPF);
    await page.getByRole("button", { name: "Generate" }).click();
    await page.getByLabel("Client IP").fill("203.0.113.10");
    await page.getByLabel("Client email").fill("maria@");
    await page.getByRole("button", { name: "Create pay-out" }).click();
    await expectFieldError(page.getByLabel("Client email"), /Must be an email address|email/i);
    await screenshotBothWidths(page, "payout-pix-email");
  });

  test("PIX_OUT_CPF refuses a CPF whose check digits are wrong", async ({ page }) => {
    await openOrderForm(page, "/payouts/new", "PIX_OUT_CPF");
    await page.getByLabel("Amount", { exact: true }).fill("100.50");
    await page.getByLabel("Client CPF / CNPJ").fill("529.982.247-24");
    await fillClient(page);
    await page.getByRole("button", { name: "Create pay-out" }).click();
    await expectFieldError(page.getByLabel("Client CPF / CNPJ"), /check digits/);
  });
});

test.describe("bank picker", () => {
  test("Card and CrossBorderCard pay-ins offer it, and the chosen bank is sent", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openOrderForm(page, "/payins/new", "CrossBorderCard");
    await expect(page.getByRole("combobox", { name: "Bank" })).toBeVisible();

    await page.getByLabel("Payment method").selectOption("Card");
    const combo = page.getByRole("combobox", { name: "Bank" });
    await combo.fill("t-bank");
    await expect(
      page.getByRole("listbox", { name: "Banks of RU" }).getByRole("option").first(),
    ).toBeVisible();
    await combo.press("Enter");
    await expect(combo).toHaveValue("T-Bank");
    await screenshotBothWidths(page, "payin-card-bank");
    await page.getByLabel("Amount", { exact: true }).fill("1500");
    await fillClient(page);
    await page.getByRole("button", { name: "Create pay-in" }).click();
    await page.waitForURL(ORDER_PAGE_URL, { timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Pay-in · Card");
    await expect(await createRequestBody(page)).toContainText(/"bankId":\s*1002/);
  });

  test("cross-border SBP offers the Russian banks it pays into, whatever the payer's country", async ({
    page,
  }) => {
    await openOrderForm(page, "/payins/new", "CrossBorderSBP");
    await page.getByLabel("Country", { exact: true }).fill("KZ");
    const combo = page.getByRole("combobox", { name: "Bank" });
    await combo.fill("sber");
    await expect(
      page.getByRole("listbox", { name: "Banks of RU" }).getByRole("option").first(),
    ).toBeVisible();
  });

  test("a country code that is no country is named as the Banks page names it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openOrderForm(page, "/payins/new", "Card");
    await page.getByLabel("Country", { exact: true }).fill("XX");
    const combo = page.getByRole("combobox", { name: "Bank" });
    await expect(combo).toHaveAccessibleDescription(/XX is not an assigned ISO 3166-1 alpha-2 country code/);
    await expect(page.getByText(/Could not load the banks|400 Bad Request/)).toHaveCount(0);
    await screenshotBothWidths(page, "payin-bank-country-xx");

    // The Banks page says the same.
    await page.goto("/banks?country=XX");
    await expect(
      page.getByText("XX is not an assigned ISO 3166-1 alpha-2 country code").first(),
    ).toBeVisible();
  });
});

test.describe("copy", () => {
  test("the SBP pay-out's payee hint speaks to the operator, not of the spec", async ({ page }) => {
    await openOrderForm(page, "/payouts/new", "SBP");
    const payee = page.getByLabel("Payee name");
    await expect(payee).toHaveAccessibleDescription(
      /Recommended: the recipient's name as their bank knows it/,
    );
    await expect(page.getByText(/spec|in substance/)).toHaveCount(0);
  });
});

test.describe("users", () => {
  test("a duplicate e-mail is named once, at the field", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/users");
    const form = page.getByRole("region", { name: "Add a user" });
    await form.getByLabel("Email").fill(E2E.admin.email);
    await form.getByLabel("Name").fill("Second Admin");
    await form.getByLabel("Initial password").fill("a-long-enough-password");
    await form.getByRole("button", { name: "Add user" }).click();
    await expect(form.getByLabel("Email")).toHaveAccessibleDescription(
      "A user with this email already exists",
    );
    await expect(page.getByText("A user with this email already exists")).toHaveCount(1);
    await expect(form.getByRole("status")).toHaveText("Not added: check the highlighted field.");
    await screenshotBothWidths(page, "users-duplicate-email");
  });
});
