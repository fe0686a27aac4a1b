import type { Page } from "@playwright/test";
import { E2E } from "./config";
import { expect, screenshot, test, UUID_GROUP } from "./fixtures";
import {
  addTestOperator,
  addUser,
  changePassword,
  FORCED_CHANGE_NOTICE,
  seriousAxeViolations,
  signedOutContext,
  signIn,
} from "./staff";

/**
 * People (issue 11): changing your own password, an admin's one-time password reset, a new colleague's first
 * sign-in with the initial password an admin typed, Disable's confirmation, and the activity log in sentences
 * with links. Every flow works on a fresh user: the shared e2e admin's password is never changed.
 */

/** A user's row on /users, as links to it are written: /users#user-<id>. */
const USER_ANCHOR = `/users#user-${UUID_GROUP}`;

const PHONE = { width: 390, height: 844 };

const addOperator = (page: Page) => addTestOperator(page, "person");

test("change your own password from the user menu: other sessions end, this one stays, the new one signs in", async ({
  page,
  browser,
}) => {
  // A long scenario (several browsers or sign-ins): 43–51 s on a slow-cores day, near the default 60 s.
  test.setTimeout(120_000);
  const user = await addOperator(page);
  const here = await signedOutContext(browser);
  const elsewhere = await signedOutContext(browser);
  try {
    const mine = await here.newPage();
    const other = await elsewhere.newPage();
    await signIn(mine, user.email, user.password);
    await signIn(other, user.email, user.password);
    await expect(other).not.toHaveURL(/\/login/);

    await mine.getByRole("link", { name: "Your account" }).first().click();
    await expect(mine.getByRole("heading", { name: "Your account" })).toBeVisible();

    // The same rules as a new user's password; a wrong current password is named at its field.
    await changePassword(mine, user.password, "short");
    await expect(mine.getByText("Password must be at least 12 characters")).toBeVisible();
    await changePassword(mine, "not-the-password", "second-password-456");
    await expect(mine.getByText("The current password is not right")).toBeVisible();
    await expect(mine.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
    expect(await seriousAxeViolations(mine)).toEqual([]);

    // A repeat that differs: said under that field, and nothing typed is lost.
    const form = mine.getByRole("region", { name: "Change password" });
    await form.getByLabel("Current password").fill(user.password);
    await form.getByLabel("New password", { exact: true }).fill("second-password-456");
    await form.getByLabel("Repeat the new password").fill("second-password-465");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("The two new passwords don't match")).toBeVisible();
    await expect(form.getByLabel("Repeat the new password")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Current password")).toHaveValue(user.password);
    await expect(form.getByLabel("New password", { exact: true })).toHaveValue("second-password-456");
    await screenshot(mine, "account-mismatch-desktop");
    await mine.setViewportSize(PHONE);
    await screenshot(mine, "account-mismatch-mobile");
    await mine.setViewportSize({ width: 1280, height: 720 });

    await changePassword(mine, user.password, "second-password-456");
    await expect(mine.getByRole("status").filter({ hasText: "Password changed." })).toHaveText(
      "Password changed. Your other sessions are signed out.",
    );
    await screenshot(mine, "account-changed-desktop");
    await mine.setViewportSize(PHONE);
    await screenshot(mine, "account-changed-mobile");

    await other.reload();
    await expect(other).toHaveURL(/\/login/);
    await mine.reload();
    await expect(mine.getByRole("heading", { name: "Your account" })).toBeVisible();

    await signIn(other, user.email, user.password);
    await expect(other.getByRole("status")).toHaveText("Email or password is incorrect.");
    await signIn(other, user.email, "second-password-456");
    await expect(other).not.toHaveURL(/\/login/);
    await expect(other.getByRole("heading", { name: "Overview" })).toBeVisible();
  } finally {
    await here.close();
    await elsewhere.close();
  }
});

test("an admin resets a password: the one-time password is shown once and forces a new one at sign-in", async ({
  page,
  browser,
}) => {
  const user = await addOperator(page);
  const theirs = await signedOutContext(browser);
  try {
    const them = await theirs.newPage();
    await signIn(them, user.email, user.password);
    await expect(them).not.toHaveURL(/\/login/);

    const row = page.getByRole("row").filter({ hasText: user.email });
    await row.getByRole("button", { name: `Reset password of ${user.email}` }).click();
    const dialog = page.getByRole("dialog", { name: `Reset the password of ${user.email}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Reset password" }).click();
    const shown = row.getByRole("status", { name: `One-time password for ${user.email}` });
    await expect(shown).toBeVisible();
    const oneTime = ((await shown.locator("code").textContent()) ?? "").trim();
    expect(oneTime).toMatch(/^[A-Za-z0-9_-]{24}$/);
    await screenshot(page, "reset-shown-desktop");
    await page.setViewportSize(PHONE);
    await screenshot(page, "reset-shown-mobile");
    await page.setViewportSize({ width: 1280, height: 800 });
    // Shown once: gone after a reload.
    await page.reload();
    await expect(page.getByText(oneTime)).toHaveCount(0);

    // The reset signed them out; the old password no longer works.
    await them.reload();
    await expect(them).toHaveURL(/\/login/);
    await signIn(them, user.email, user.password);
    await expect(them.getByRole("status")).toHaveText("Email or password is incorrect.");

    // With the one-time password they land on Your account and can go nowhere else.
    await signIn(them, user.email, oneTime);
    await expect(them).toHaveURL(/\/account$/);
    await expect(them.getByRole("main").getByRole("alert")).toContainText(FORCED_CHANGE_NOTICE);
    await expect(them.getByRole("navigation", { name: "Main" }).first().getByRole("link")).toHaveCount(0);
    await screenshot(them, "forced-change-desktop");
    await them.goto("/orders");
    await expect(them).toHaveURL(/\/account$/);
    await them.goto("/payins/new");
    await expect(them).toHaveURL(/\/account$/);

    await changePassword(them, oneTime, "chosen-password-789");
    await expect(them.getByRole("heading", { name: "Overview" })).toBeVisible();
    await them.goto("/orders");
    await expect(them).toHaveURL(/\/orders$/);

    // Both steps are in the activity log, in words, the user linked to their row.
    await page.goto("/users");
    const activity = page.getByRole("region", { name: "Recent activity" });
    const resetEntry = activity.locator('li[data-action="user.password-reset"]').first();
    await expect(resetEntry).toContainText(`Reset the password of ${user.email}`);
    await expect(resetEntry.getByRole("link", { name: user.email })).toHaveAttribute(
      "href",
      new RegExp(`^${USER_ANCHOR}$`),
    );
    await expect(activity.locator('li[data-action="user.password-change"]').first()).toContainText(
      "Replaced their one-time password with a new password",
    );
  } finally {
    await theirs.close();
  }
});

test("a new colleague's first sign-in: the initial password an admin typed opens only Your account, and is replaced", async ({
  page,
  browser,
}) => {
  const user = {
    email: `colleague-${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: "initial-password-123",
    role: "operator" as const,
  };
  await addUser(page, user, { firstSignIn: false });
  await expect(page.getByRole("status").filter({ hasText: `Added ${user.email}` })).toContainText(
    "Their initial password works for 24 hours, until they sign in with it and choose their own.",
  );
  const theirs = await signedOutContext(browser);
  try {
    const them = await theirs.newPage();
    await signIn(them, user.email, user.password);
    await expect(them).toHaveURL(/\/account$/);
    await expect(them.getByRole("main").getByRole("alert")).toContainText(FORCED_CHANGE_NOTICE);
    await expect(them.getByRole("navigation", { name: "Main" }).first().getByRole("link")).toHaveCount(0);
    await screenshot(them, "first-sign-in-desktop");
    await them.goto("/payins/new");
    await expect(them).toHaveURL(/\/account$/);

    await changePassword(them, user.password, "my-own-password-456");
    await expect(them.getByRole("heading", { name: "Overview" })).toBeVisible();

    // The admin's password is gone; theirs signs in, with nothing forced.
    await them.locator("aside").getByRole("button", { name: "Sign out" }).click();
    await expect(them).toHaveURL(/\/login/);
    await signIn(them, user.email, user.password);
    await expect(them.getByRole("status")).toHaveText("Email or password is incorrect.");
    await signIn(them, user.email, "my-own-password-456");
    await expect(them.getByRole("heading", { name: "Overview" })).toBeVisible();
  } finally {
    await theirs.close();
  }
});

test("Disable asks first, naming the user; your own Disable is off and says why", async ({ page }) => {
  const user = await addOperator(page);
  const row = page.getByRole("row").filter({ hasText: user.email });
  await row.getByRole("button", { name: `Disable ${user.email}` }).click();
  const dialog = page.getByRole("dialog", { name: `Disable ${user.email}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${user.email} is signed out at once`);
  expect(await seriousAxeViolations(page)).toEqual([]);
  // The viewport, not the full page: a modal dialog is about what the user sees at once.
  await page.screenshot({ path: test.info().outputPath("disable-dialog-desktop.png") });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: test.info().outputPath("disable-dialog-mobile.png") });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText("Active", { exact: true })).toBeVisible();

  await row.getByRole("button", { name: `Disable ${user.email}` }).click();
  await dialog.getByRole("button", { name: "Disable" }).click();
  await expect(row.getByText(`${user.email} is disabled and signed out.`)).toBeVisible();
  await expect(row.getByText("Disabled", { exact: true })).toBeVisible();

  const own = page.getByRole("row").filter({ hasText: E2E.admin.email });
  const disableMe = own.getByRole("button", { name: `Disable ${E2E.admin.email}` });
  await expect(disableMe).toBeDisabled();
  await expect(disableMe).toHaveAttribute(
    "title",
    "You can't disable your own account. Ask another admin to do it.",
  );
  await expect(disableMe).toHaveAccessibleDescription(
    "You can't disable your own account. Ask another admin to do it.",
  );
});

test("the activity log is sentences: orders, exports and users named with links, no raw codes", async ({
  page,
  createPayin,
}) => {
  const order = await createPayin({ method: "Card" });
  const exported = await page.request.get("/orders/export?status=Success");
  expect(exported.status()).toBe(200);
  const user = await addOperator(page);

  await page.goto("/users");
  const activity = page.getByRole("region", { name: "Recent activity" });
  const created = activity.locator('li[data-action="order.create"]').filter({
    has: page.locator(`a[href="/orders/${order.id}"]`),
  });
  await expect(created).toContainText(`Created the pay-in ${order.paymentId.slice(0, 8)} (Card, 1500`);
  await expect(activity.locator('li[data-action="orders.export"]').first()).toContainText(
    "Exported orders with status “Success” as CSV",
  );
  const added = activity.locator('li[data-action="user.create"]').filter({ hasText: user.email });
  await expect(added).toContainText(`Added ${user.email} as operator`);
  await expect(activity).not.toContainText(/\b(auth|user|order|orders)\.[a-z-]+/);
  await screenshot(page, "activity-desktop");

  await created.getByRole("link", { name: order.paymentId.slice(0, 8) }).click();
  await expect(page).toHaveURL(`${E2E.baseUrl}/orders/${order.id}`);
  await page.goBack();
  await added.getByRole("link", { name: user.email }).click();
  await expect(page).toHaveURL(new RegExp(`${USER_ANCHOR}$`));
  await expect(page.locator("tr:target")).toHaveAttribute("data-user-email", user.email);
  await page.setViewportSize(PHONE);
  await screenshot(page, "activity-mobile");
});
