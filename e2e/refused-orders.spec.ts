import { expect, screenshotBothWidths, test, unique, UUID_PATTERN } from "./fixtures";
import {
  expectOrderPage,
  fieldError,
  fillCard,
  fillClient,
  NEXT_YEAR,
  openOrderForm,
  TEST_PAN,
} from "./order-form";

/**
 * Orders the payment service refused (issue 11): a 4xx is final ("Refused", its field errors under the
 * form's labels, no retry, no customer link), and "Fix and resend" opens the form prefilled from the refused
 * order (card number excepted) and makes a new order linked both ways. Also: the recipient card of pay-outs
 * and the status filter's own group for the dashboard's states.
 */

test.describe("a refused order", () => {
  test("Card pay-in of 5.00: final, its field error, no retry or customer link; fix and resend links both ways", async ({
    page,
  }) => {
    const email = `refused-${unique()}@example.com`;
    await openOrderForm(page, "/payins/new", "Card");
    await page.getByLabel("Amount", { exact: true }).fill("5.00");
    await fillClient(page, email);
    const refusedPaymentId = await page.getByTestId("payment-id").textContent();
    await page.getByRole("button", { name: "Create pay-in" }).click();
    await expect(fieldError(page, "amount")).toBeVisible();
    await expect(page.getByTestId("form-status")).toContainText("Refused");
    await page.getByTestId("form-status").getByRole("link", { name: "Open the order" }).click();
    const refusedId = await expectOrderPage(page, "Pay-in · Card");

    const banner = page.getByRole("region", { name: "Refused by the payment service" });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("This is final");
    await expect(banner.getByRole("list", { name: "What the service refused" })).toContainText(/Amount: .+/);
    await expect(page.getByTestId(`status-${refusedId}`).first()).toHaveText("Refused");
    // The service's 400 is the answer: no "no response yet" beside it, and the reason in words.
    await expect(page.getByText(/No response from the service yet|No answer yet/)).toHaveCount(0);
    await expect(page.getByTestId("api-call").filter({ hasText: "/payin/create" })).toContainText("400");
    const refusedWhy = "Refused: amount must be between 10.00 and 500000.00 for Card pay-ins";
    await expect(page.getByRole("region", { name: "Submissions" })).toContainText(refusedWhy);
    await expect(page.getByTestId("service-id")).toHaveText("— (refused)");
    await expect(page.getByRole("button", { name: "Retry submission" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Customer link" })).toHaveCount(0);
    await expect(page.getByTestId("customer-link")).toHaveCount(0);
    await screenshotBothWidths(page, "refused-payin");

    await banner.getByRole("link", { name: "Fix and resend" }).click();
    await page.waitForURL(new RegExp(`/payins/new\\?resend=${refusedId}$`));
    await expect(page.getByRole("heading", { name: /Fix and resend refused order/ })).toBeVisible();
    await expect(page.getByLabel("Payment method")).toHaveValue("Card");
    await expect(page.getByLabel("Amount", { exact: true })).toHaveValue("5.00");
    await expect(page.getByLabel("Client email")).toHaveValue(email);
    await expect(page.getByTestId("payment-id")).toHaveText(UUID_PATTERN);
    await expect(page.getByTestId("payment-id")).not.toHaveText(refusedPaymentId ?? "");
    await screenshotBothWidths(page, "resend-form-payin");

    await page.getByLabel("Amount", { exact: true }).fill("50.00");
    await page.getByRole("button", { name: "Create pay-in" }).click();
    const newId = await expectOrderPage(page, "Pay-in · Card");
    expect(newId).not.toBe(refusedId);
    await expect(page.getByText("In progress").first()).toBeVisible();
    // Accepted: its customer link is a real link.
    await expect(page.getByRole("link", { name: /\/pay\// })).toBeVisible();
    const back = page.getByRole("link", { name: (refusedPaymentId ?? "").slice(0, 8) });
    await expect(back).toBeVisible();
    await back.click();
    await page.waitForURL(new RegExp(`/orders/${refusedId}$`));
    await expect(page.getByText("Resent as")).toBeVisible();
    await page.getByRole("link", { name: /^[0-9a-f]{8}$/ }).click();
    await page.waitForURL(new RegExp(newId));

    // The list's status filter offers the dashboard's own states apart from the service's.
    await page.goto(`/orders?q=${encodeURIComponent(email)}`);
    const status = page.getByLabel("Status");
    await expect(status.locator('optgroup[label="Dashboard (not accepted)"] option')).toHaveText([
      "Awaiting approval",
      "Submitting",
      "Submit failed",
      "Refused",
      "Rejected",
      "Cancelled",
    ]);
    await status.selectOption("Refused");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText(email)).toHaveCount(1);

    // The activity log says why in words too.
    await page.goto("/users");
    await expect(
      page
        .getByText(new RegExp(`Created the pay-in ${refusedPaymentId?.slice(0, 8)} .*: ${refusedWhy}`))
        .first(),
    ).toBeVisible();
  });

  test("refused on the form itself, corrected and sent again: a new order, linked to the refused one", async ({
    page,
  }) => {
    await openOrderForm(page, "/payins/new", "Card");
    await page.getByLabel("Amount", { exact: true }).fill("5.00");
    await fillClient(page, `refused-${unique()}@example.com`);
    const first = await page.getByTestId("payment-id").textContent();
    await page.getByRole("button", { name: "Create pay-in" }).click();
    await expect(fieldError(page, "amount")).toBeVisible();
    // The refused paymentId is never sent again: the form moved to a new one.
    await expect(page.getByTestId("payment-id")).not.toHaveText(first ?? "");
    await page.getByLabel("Amount", { exact: true }).fill("25.00");
    await page.getByRole("button", { name: "Create pay-in" }).click();
    await expectOrderPage(page, "Pay-in · Card");
    await expect(page.getByText("Resend of")).toBeVisible();
    await expect(page.getByRole("link", { name: (first ?? "").slice(0, 8) })).toBeVisible();
  });

  test("card pay-out: fix and resend asks for the card number again, never prefills or shows it", async ({
    page,
  }) => {
    await openOrderForm(page, "/payouts/new", "Card");
    // The contract allows 99.99; the sandbox's Card pay-out minimum is 100.00.
    await page.getByLabel("Amount", { exact: true }).fill("99.99");
    await fillCard(page);
    await fillClient(page, `refused-${unique()}@example.com`);
    await page.getByRole("button", { name: "Create pay-out" }).click();
    await expect(fieldError(page, "amount")).toBeVisible();
    await page.getByTestId("form-status").getByRole("link", { name: "Open the order" }).click();
    await expectOrderPage(page, "Pay-out · Card");
    await expect(page.getByRole("region", { name: "Refused by the payment service" })).toBeVisible();
    await expect(page.getByLabel("Card number, again")).toHaveCount(0);

    await page.getByRole("link", { name: "Fix and resend" }).click();
    await page.waitForURL(/\/payouts\/new\?resend=/);
    await expect(page.getByText(/Type the card number again: only 411111\*{6}1111 was stored/)).toBeVisible();
    await expect(page.getByLabel("Card number")).toHaveValue("");
    await expect(page.getByLabel("Card holder name")).toHaveValue("IVAN IVANOV");
    expect(await page.content()).not.toContain(TEST_PAN);
    await screenshotBothWidths(page, "resend-form-payout-card");

    await page.getByLabel("Amount", { exact: true }).fill("150");
    await page.getByLabel("Card number").pressSequentially(TEST_PAN);
    await page.getByRole("button", { name: "Create pay-out" }).click();
    await expectOrderPage(page, "Pay-out · Card");
    const recipient = page.getByRole("region", { name: "Recipient" });
    await expect(recipient).toContainText("4111 11** **** 1111");
    await expect(recipient).toContainText("IVAN IVANOV");
    await expect(recipient).toContainText(`12/${NEXT_YEAR}`);
    expect(await page.content()).not.toContain(TEST_PAN);
    await screenshotBothWidths(page, "payout-card-recipient");
  });
});

test.describe("the recipient of a pay-out", () => {
  test("SBP: phone, payee and the bank's name from the directory", async ({ page }) => {
    await openOrderForm(page, "/payouts/new", "SBP");
    await page.getByLabel("Amount", { exact: true }).fill("1500");
    await page.getByLabel("SBP phone number").fill("+79001234567");
    await page.getByLabel("Payee name").fill("Ivan Ivanov");
    const combo = page.getByRole("combobox", { name: /bank/i });
    await combo.fill("Alfa-Bank");
    await page
      .getByRole("listbox")
      .getByRole("option", { name: /Alfa-Bank/ })
      .first()
      .click();
    await fillClient(page, `sbp-${unique()}@example.com`);
    await page.getByRole("button", { name: "Create pay-out" }).click();
    await expectOrderPage(page, "Pay-out · SBP");
    const recipient = page.getByRole("region", { name: "Recipient" });
    await expect(recipient).toContainText("+79001234567");
    await expect(recipient).toContainText("Ivan Ivanov");
    await expect(recipient.getByText("Alfa-Bank", { exact: true })).toBeVisible();
    await expect(page.getByTestId("service-id")).toHaveText(UUID_PATTERN);
    await screenshotBothWidths(page, "payout-sbp-recipient");

    // The sandbox control says what it does to a pay-out; the create's answer says it is not the state now.
    await expect(page.getByRole("button", { name: "Mark paid", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Expire" })).toHaveCount(0);
    await page.getByRole("button", { name: "Mark paid out" }).click();
    const id = new URL(page.url()).pathname.split("/").pop() ?? "";
    await expect(page.getByTestId(`status-${id}`).first()).toHaveText("Success", { timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Mark paid out" })).toHaveCount(0);
    const create = page.getByTestId("api-call").filter({ hasText: "/payout/create" });
    await create.getByText("Request and answer").click();
    await expect(
      create.getByText("The answer to the create request, as it was then, not the order's current state"),
    ).toBeVisible();
    await expect(create.locator('[data-label="Answer to the create request"]')).toContainText("In progress");
    await screenshotBothWidths(page, "payout-sbp-paid-out");
  });

  test("Pix by random key: the key and the taxpayer number", async ({ page }) => {
    const evp = crypto.randomUUID();
    await openOrderForm(page, "/payouts/new", "PIX_OUT_EVP");
    await page.getByLabel("Amount", { exact: true }).fill("100.50");
    await page.getByLabel("Client CPF / CNPJ").fill("52998224725");
    await page.getByLabel("Pix random key (EVP)").fill(evp);
    await fillClient(page, `pix-${unique()}@example.com`);
    await page.getByRole("button", { name: "Create pay-out" }).click();
    await expectOrderPage(page, "Pay-out · PIX_OUT_EVP");
    const recipient = page.getByRole("region", { name: "Recipient" });
    await expect(recipient).toContainText("Pix key (EVP)");
    await expect(recipient).toContainText(evp);
    await expect(recipient).toContainText("52998224725");
    await screenshotBothWidths(page, "payout-pix-recipient");
  });
});
