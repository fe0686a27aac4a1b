import type { Locator, Page } from "@playwright/test";
import { totpCode } from "../lib/auth/second-factor/totp";
import { expect } from "./fixtures";

/**
 * Second-factor steps the specs share (e2e/second-factor.spec.ts, e2e/bulk-payouts.spec.ts): setting up an
 * authenticator app or a passkey under Your account, and Chromium's virtual authenticator over CDP.
 */

/** A code of the next 30-second step: the one that confirmed the app (or a step-up) is spent. */
export const nextTotpCode = (secret: string): string => totpCode(secret, new Date(Date.now() + 30_000));

/** The base32 key the setup shows beside the QR code. */
async function shownSecret(page: Page): Promise<string> {
  return ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
}

/**
 * Sets up the authenticator app under Your account as a first factor, confirmed with `password` (the
 * step-up); its key and the recovery codes shown once. `shoot`, when given, takes the screenshots of the
 * setup asking for the password ("totp-setup-password"), with a wrong code ("totp-setup") and of the codes
 * ("recovery-codes").
 */
export async function enrolTotp(
  page: Page,
  password: string,
  shoot?: (name: string) => Promise<void>,
): Promise<{ secret: string; codes: string[] }> {
  await page.goto("/account");
  await page.getByRole("button", { name: "Set up authenticator app" }).click();
  const form = page.getByRole("form", { name: "Set up an authenticator app" });
  const secret = await shownSecret(page);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // Without the password nothing is set up, and the password field says so.
  await form.getByLabel("Code from the app").fill(totpCode(secret, new Date()));
  await form.getByRole("button", { name: "Confirm" }).click();
  await expect(form.getByLabel("Your password")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Enter your password to confirm.")).toBeVisible();
  await shoot?.("totp-setup-password");
  // A wrong code is named at its field, and nothing is set up.
  await form.getByLabel("Your password").fill(password);
  await form.getByLabel("Code from the app").fill("000000");
  await form.getByRole("button", { name: "Confirm" }).click();
  await expect(form.getByLabel("Code from the app")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("That code is not right")).toBeVisible();
  await expect(form.getByLabel("Your password")).not.toHaveAttribute("aria-invalid", "true");
  await shoot?.("totp-setup");
  await form.getByLabel("Code from the app").fill(totpCode(secret, new Date()));
  await form.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Authenticator app set up.")).toBeVisible();
  const list = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(list).toHaveCount(10);
  const codes = await list.allTextContents();
  await shoot?.("recovery-codes");
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByRole("list", { name: "Your second factors" })).toContainText("Authenticator app");
  return { secret, codes };
}

/**
 * Chromium's virtual authenticator on `page`'s browser context (CDP WebAuthn domain): a platform authenticator
 * that verifies the user and answers every ceremony by itself. WebAuthn takes no IP address as its relying
 * party: the page must use the dashboard as localhost.
 */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/**
 * Adds a passkey named `name` under Your account as a first factor, confirmed with `password` (with a virtual
 * authenticator), and saves the recovery codes.
 */
export async function enrolPasskey(page: Page, name: string, password: string): Promise<void> {
  await page.goto("/account");
  const form = page.getByRole("form", { name: "Add a passkey" });
  await form.getByLabel("Passkey name").fill(name);
  await form.getByLabel("Your password").fill(password);
  await form.getByRole("button", { name: "Add passkey" }).click();
  await expect(page.getByText(`Passkey “${name}” added.`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByRole("list", { name: "Your second factors" })).toContainText(name);
}

/**
 * In an approve dialog of an approver with an authenticator app: no password is asked; an empty code, then a
 * wrong one, is named at the code field (nothing is approved). `shoot` takes the dialog's screenshot.
 */
export async function expectCodeAsked(dialog: Locator, shoot?: () => Promise<void>): Promise<void> {
  await expect(dialog.getByLabel("Your password")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Approve and send" }).click();
  await expect(dialog.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  await dialog.getByLabel("Authentication code").fill("000000");
  await dialog.getByRole("button", { name: "Approve and send" }).click();
  await expect(dialog.getByText("That code is not right")).toBeVisible();
  await expect(dialog.getByLabel("Authentication code")).toHaveAttribute("aria-invalid", "true");
  await shoot?.();
}

/** Approves with the app's next code; the dialog closes. */
export async function approveWithCode(dialog: Locator, secret: string): Promise<void> {
  await dialog.getByLabel("Authentication code").fill(nextTotpCode(secret));
  await dialog.getByRole("button", { name: "Approve and send" }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
}
