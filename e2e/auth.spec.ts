import { E2E } from "./config";
import { expect, screenshot, test, unique } from "./fixtures";
import { addUser, SIGNED_OUT, seriousAxeViolations, signedOutContext, signIn } from "./staff";

/**
 * Staff sign-in, roles and sign-out through the browser. The default context is the admin saved by
 * auth.setup.ts; flows that sign in or out themselves use fresh contexts so the shared admin session
 * stays alive for the other specs.
 */

test.describe("sign-in", () => {
  test.use({ storageState: SIGNED_OUT });

  test("a wrong password shows a generic error and stays signed out", async ({ page }) => {
    await signIn(page, E2E.admin.email, "definitely-not-the-password");
    await expect(page.getByRole("status")).toHaveText("Email or password is incorrect.");
    await expect(page).toHaveURL(/\/login/);
    // An unknown email gets exactly the same answer.
    await signIn(page, `nobody-${unique()}@example.com`, "definitely-not-the-password");
    await expect(page.getByRole("status")).toHaveText("Email or password is incorrect.");
  });

  test("empty fields are named", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Enter your email")).toBeVisible();
    await expect(page.getByText("Enter your password")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  });

  test("signs in and returns to ?next=, but never to another site", async ({ page }) => {
    await signIn(page, E2E.admin.email, E2E.admin.password, "/users");
    await expect(page).toHaveURL(`${E2E.baseUrl}/users`);
    await expect(page.getByRole("heading", { name: "Users", exact: true })).toBeVisible();
    const shell = page.locator("aside");
    await expect(shell.getByText(E2E.admin.email)).toBeVisible();
    await expect(shell.getByText("Admin", { exact: true })).toBeVisible();
    await expect(page.getByText("Sandbox — no real money moves")).toBeVisible();

    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name.endsWith("dashboard_session"));
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");

    await page.context().clearCookies();
    await signIn(page, E2E.admin.email, E2E.admin.password, "//evil.example/phish");
    await expect(page).toHaveURL(`${E2E.baseUrl}/`);
  });

  test("works without JavaScript: error message, then sign-in with ?next=", async ({ browser }) => {
    const ctx = await browser.newContext({
      baseURL: E2E.baseUrl,
      storageState: SIGNED_OUT,
      javaScriptEnabled: false,
    });
    try {
      const page = await ctx.newPage();
      await signIn(page, E2E.admin.email, "wrong-password-no-js");
      await expect(page.getByText("Email or password is incorrect.")).toBeVisible();
      // The refusal echoes the email back (never the password), so the form keeps it without JavaScript.
      await expect(page.getByLabel("Email")).toHaveValue(E2E.admin.email);
      await expect(page.getByLabel("Password")).toHaveValue("");
      await screenshot(page, "sign-in-refused-no-js");
      await signIn(page, E2E.admin.email, E2E.admin.password, "/users");
      await expect(page).toHaveURL(`${E2E.baseUrl}/users`);
      await expect(page.getByRole("heading", { name: "Users", exact: true })).toBeVisible();
    } finally {
      await ctx.close();
    }
  });

  test("signed-out visitors are sent to /login", async ({ page }) => {
    for (const path of ["/users", "/orders", "/banks"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login/);
    }
  });
});

test("a viewer sees no create links and is refused on /payins/new and /users", async ({ page, browser }) => {
  const viewer = {
    email: `viewer-${unique()}@example.com`,
    name: "Vera Viewer",
    role: "viewer" as const,
    password: "viewer-password-123",
  };
  await addUser(page, viewer);

  const ctx = await signedOutContext(browser);
  try {
    const vp = await ctx.newPage();
    await signIn(vp, viewer.email, viewer.password);
    await expect(vp).not.toHaveURL(/\/login/);
    const nav = vp.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Orders" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Banks" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "New pay-in" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "New pay-out" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);
    await expect(vp.locator("aside").getByText("Viewer", { exact: true })).toBeVisible();

    for (const path of ["/payins/new", "/payouts/new", "/users"]) {
      await vp.goto(path);
      await expect(vp).toHaveURL(/\/forbidden/);
      await expect(vp.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
    }
  } finally {
    await ctx.close();
  }
});

test("admin changes a role, disables a user (their session ends), and can't disable themselves", async ({
  page,
  browser,
}) => {
  const op = {
    email: `op-${unique()}@example.com`,
    name: "Otto Operator",
    role: "operator" as const,
    password: "operator-password-1",
  };
  await addUser(page, op);

  const ctx = await signedOutContext(browser);
  try {
    const op1 = await ctx.newPage();
    await signIn(op1, op.email, op.password);
    await expect(
      op1.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "New pay-in" }),
    ).toBeVisible();

    const row = page.locator(`tr[data-user-email="${op.email}"]`);
    await row.getByLabel(`Role for ${op.email}`, { exact: true }).selectOption("viewer");
    await row.getByRole("button", { name: `Save role for ${op.email}` }).click();
    await expect(row.getByText(`${op.email} is now viewer.`)).toBeVisible();
    await op1.reload();
    await expect(
      op1.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "New pay-in" }),
    ).toHaveCount(0);

    await row.getByRole("button", { name: `Disable ${op.email}` }).click();
    await page
      .getByRole("dialog", { name: `Disable ${op.email}?` })
      .getByRole("button", { name: "Disable" })
      .click();
    await expect(row.getByText(`${op.email} is disabled and signed out.`)).toBeVisible();
    await expect(row.getByText("Disabled", { exact: true })).toBeVisible();
    await op1.reload();
    await expect(op1).toHaveURL(/\/login/);
    await signIn(op1, op.email, op.password);
    await expect(op1.getByRole("status")).toHaveText("This account is disabled. Ask an admin to enable it.");
  } finally {
    await ctx.close();
  }

  const me = page.locator(`tr[data-user-email="${E2E.admin.email}"]`);
  const disableMe = me.getByRole("button", { name: `Disable ${E2E.admin.email}` });
  await expect(disableMe).toBeDisabled();
  await expect(disableMe).toHaveAccessibleDescription(
    "You can't disable your own account. Ask another admin to do it.",
  );
  await me.getByLabel(`Role for ${E2E.admin.email}`, { exact: true }).selectOption("operator");
  await me.getByRole("button", { name: `Save role for ${E2E.admin.email}` }).click();
  await expect(
    me.getByText("You can't remove your own admin role. Ask another admin to do it."),
  ).toBeVisible();
});

test("adding a user names the failing fields", async ({ page }) => {
  await page.goto("/users");
  const form = page.locator("form", { has: page.getByRole("button", { name: "Add user" }) });
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByLabel("Initial password").fill("short");
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(form.getByText("Enter a valid email address, like name@example.com")).toBeVisible();
  await expect(form.getByText("Password must be at least 12 characters")).toBeVisible();
  await expect(form.getByLabel("Email")).toHaveValue("not-an-email");
});

test("sign-out ends the session on the server: the old cookie no longer works", async ({ browser }) => {
  const ctx = await signedOutContext(browser);
  try {
    const page = await ctx.newPage();
    await signIn(page, E2E.admin.email, E2E.admin.password, "/users");
    await expect(page).toHaveURL(`${E2E.baseUrl}/users`);
    const saved = (await ctx.cookies()).filter((c) => c.name.endsWith("dashboard_session"));
    expect(saved).toHaveLength(1);

    await page.locator("aside").getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login/);

    // Replay the cookie from before sign-out in a new browser: the server no longer knows it.
    const replay = await signedOutContext(browser);
    try {
      await replay.addCookies(saved);
      const p2 = await replay.newPage();
      await p2.goto("/users");
      await expect(p2).toHaveURL(/\/login/);
    } finally {
      await replay.close();
    }
  } finally {
    await ctx.close();
  }
});

test("login and users pages have no serious accessibility violations", async ({ page, browser }) => {
  await page.goto("/users");
  await expect(page.getByRole("heading", { name: "Users", exact: true })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  const ctx = await signedOutContext(browser);
  try {
    const login = await ctx.newPage();
    await login.goto("/login");
    expect(await seriousAxeViolations(login)).toEqual([]);
  } finally {
    await ctx.close();
  }
});

test("a signed-out visit to a deep page returns there after signing in", async ({ browser }) => {
  const context = await signedOutContext(browser);
  const page = await context.newPage();
  await page.goto("/orders?direction=payout");
  await expect(page).toHaveURL(/\/login\?next=%2Forders%3Fdirection%3Dpayout/);
  await page.getByLabel("Email").fill(E2E.admin.email);
  await page.getByLabel("Password").fill(E2E.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/orders\?direction=payout$/);
  await context.close();
});
