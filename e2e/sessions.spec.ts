import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { E2E } from "./config";
import { expect, test, unique } from "./fixtures";
import {
  addTestOperator,
  FORCED_CHANGE_NOTICE,
  SIGNED_OUT,
  seriousAxeViolations,
  signedOutContext,
  signIn,
} from "./staff";

/**
 * Sessions (issue 17 §4): your signed-in sessions under Your account, ending one from another browser
 * (its next page is the sign-in, its open live stream closes at once), an admin ending a user's sessions
 * from Users, and an admin's one-time password that survives a first sign-in cut off. Every flow on a fresh user.
 */

const SHOTS = "/tmp/shots-sessions";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

/** Full-page screenshots at 1280 and 390 wide into SHOTS (the viewport is put back to desktop). */
async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/${name}-mobile.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

const addOperator = (page: Page) => addTestOperator(page, "sessions");

/** A signed-out context that says it is Firefox on Windows, so the lists tell two browsers apart. */
function firefoxContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: E2E.baseUrl, storageState: SIGNED_OUT, userAgent: FIREFOX_WINDOWS });
}

/**
 * Opens the orders' live stream in `page` as the orders pages do, and records what happens to it on
 * `window.__stream`: the events it got, and when the browser gave up on it (CLOSED: the server ended it and
 * the reconnect was refused, signed out).
 */
async function openLiveStream(page: Page): Promise<void> {
  await page.evaluate((id) => {
    const state = { ready: false, ended: "", closed: false };
    (window as unknown as { __stream: typeof state }).__stream = state;
    const events = new EventSource(`/api/orders/events?ids=${id}`);
    events.addEventListener("ready", () => {
      state.ready = true;
    });
    events.addEventListener("ended", (e) => {
      state.ended = (e as MessageEvent<string>).data;
    });
    events.addEventListener("error", () => {
      if (events.readyState === EventSource.CLOSED) state.closed = true;
    });
  }, crypto.randomUUID());
  await expect.poll(() => streamState(page).then((s) => s.ready)).toBe(true);
}

function streamState(page: Page): Promise<{ ready: boolean; ended: string; closed: boolean }> {
  return page.evaluate(
    () => (window as unknown as { __stream: { ready: boolean; ended: string; closed: boolean } }).__stream,
  );
}

test("your sessions: sign out your other browser; its live stream closes at once and its next page is the sign-in", async ({
  page,
  browser,
}) => {
  // A long scenario (several browsers or sign-ins): 43–51 s on a slow-cores day, near the default 60 s.
  test.setTimeout(120_000);
  const user = await addOperator(page);
  const here = await signedOutContext(browser);
  const elsewhere = await firefoxContext(browser);
  try {
    const mine = await here.newPage();
    const other = await elsewhere.newPage();
    await signIn(mine, user.email, user.password);
    await signIn(other, user.email, user.password);
    await expect(other).not.toHaveURL(/\/login/);
    await openLiveStream(other);

    await mine.goto("/account");
    const sessions = mine.getByRole("region", { name: "Signed-in sessions" });
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    const thisOne = sessions.getByRole("listitem").filter({ hasText: "This session" });
    await expect(thisOne).toContainText(/Chrome on /);
    await expect(thisOne.getByRole("button")).toHaveCount(0);
    const firefox = sessions.getByRole("listitem").filter({ hasText: "Firefox on Windows" });
    await expect(firefox).toContainText("Last seen");
    expect(await seriousAxeViolations(mine)).toEqual([]);
    await shots(mine, "account-sessions");

    await firefox.getByRole("button", { name: /^Sign out Firefox on Windows/ }).click();
    await expect(sessions.getByRole("status")).toHaveText(/^Signed out Firefox on Windows/);
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    await expect(sessions.getByText("You are signed in nowhere else.")).toBeVisible();
    await shots(mine, "account-sessions-ended");

    // The other browser's open stream was told and closed, not left to the next page view.
    await expect
      .poll(() => streamState(other), { timeout: 10_000 })
      .toEqual({
        ready: true,
        ended: JSON.stringify({ reason: "ended-by-user" }),
        closed: true,
      });
    await other.goto("/orders");
    await expect(other).toHaveURL(/\/login/);
    await mine.goto("/orders");
    await expect(mine).toHaveURL(/\/orders$/);
  } finally {
    await here.close();
    await elsewhere.close();
  }
});

test("sign out all other sessions: every other browser is signed out, this one stays", async ({
  page,
  browser,
}) => {
  // A long scenario (several browsers or sign-ins): 43–51 s on a slow-cores day, near the default 60 s.
  test.setTimeout(120_000);
  const user = await addOperator(page);
  const contexts = [
    await signedOutContext(browser),
    await firefoxContext(browser),
    await signedOutContext(browser),
  ];
  try {
    const [mine, ...others] = await Promise.all(contexts.map((c) => c.newPage()));
    for (const p of [mine, ...others] as Page[]) {
      await signIn(p, user.email, user.password);
      await expect(p).not.toHaveURL(/\/login/);
    }
    const me = mine as Page;
    await me.goto("/account");
    const sessions = me.getByRole("region", { name: "Signed-in sessions" });
    await expect(sessions.getByRole("listitem")).toHaveCount(3);
    await sessions.getByRole("button", { name: "Sign out all other sessions" }).click();
    await expect(sessions.getByRole("status")).toHaveText("Signed out 2 other sessions.");
    for (const p of others) {
      await p.goto("/orders");
      await expect(p).toHaveURL(/\/login/);
    }
    await me.goto("/orders");
    await expect(me).toHaveURL(/\/orders$/);
  } finally {
    for (const c of contexts) await c.close();
  }
});

test("an admin ends a user's sessions from Users: one, then all; the user's stream closes, an open order page goes to sign-in by itself, and it is in the activity log", async ({
  page,
  browser,
  createPayin,
}) => {
  // Three browsers, a live stream, axe and screenshots: over the default 60 s on a slow-cores day.
  test.setTimeout(150_000);
  const user = await addOperator(page);
  const order = await createPayin({ email: `sessions-live-${unique()}@example.com`, method: "Card" });
  const chrome = await signedOutContext(browser);
  const firefox = await firefoxContext(browser);
  try {
    const onChrome = await chrome.newPage();
    const onFirefox = await firefox.newPage();
    await signIn(onChrome, user.email, user.password);
    await signIn(onFirefox, user.email, user.password);
    await expect(onFirefox).not.toHaveURL(/\/login/);
    await openLiveStream(onFirefox);

    await page.goto("/users");
    const all = page.getByRole("region", { name: "Signed-in sessions" });
    const theirs = all.getByRole("region", { name: `Sessions of ${user.email}` });
    await expect(theirs.getByRole("listitem")).toHaveCount(2);
    await expect(all.getByRole("region", { name: `Sessions of ${E2E.admin.email}` })).toContainText(
      "This session",
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shots(page, "users-sessions");

    await theirs
      .getByRole("listitem")
      .filter({ hasText: "Firefox on Windows" })
      .getByRole("button", { name: /^End session Firefox on Windows/ })
      .click();
    await expect(all.getByRole("status")).toHaveText(`Ended ${user.email}'s session on Firefox on Windows.`);
    await expect
      .poll(() => streamState(onFirefox), { timeout: 10_000 })
      .toEqual({
        ready: true,
        ended: JSON.stringify({ reason: "ended-by-admin" }),
        closed: true,
      });
    await onFirefox.goto("/orders");
    await expect(onFirefox).toHaveURL(/\/login/);
    await onChrome.goto("/orders");
    await expect(onChrome).toHaveURL(/\/orders$/);

    // An order page left open (its status still live) follows the end of its session without a click.
    await onChrome.goto(`/orders/${order.id}`);
    await expect(onChrome.getByTestId(`status-${order.id}`).first()).toBeVisible();
    await theirs.getByRole("button", { name: `End all sessions of ${user.email}` }).click();
    const dialog = page.getByRole("dialog", { name: `End all sessions of ${user.email}?` });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/users-end-all-dialog-desktop.png` });
    await dialog.getByRole("button", { name: "End all" }).click();
    await expect(all.getByRole("status")).toHaveText(`Ended 1 session of ${user.email}.`);
    await expect(onChrome).toHaveURL(/\/login/, { timeout: 15_000 });

    await page.goto("/users");
    await expect(all.getByRole("region", { name: `Sessions of ${user.email}` })).toHaveCount(0);
    const activity = page.getByRole("region", { name: "Recent activity" });
    await expect(activity.locator('li[data-action="user.sessions-end"]').first()).toContainText(
      `Ended every session of ${user.email} (1 session)`,
    );
    await expect(activity.locator('li[data-action="user.session-end"]').first()).toContainText(
      `Ended a session of ${user.email} (Firefox on Windows`,
    );
  } finally {
    await chrome.close();
    await firefox.close();
  }
});

test("an admin's one-time password survives a first sign-in cut off before the new password; the newest sign-in holds it", async ({
  page,
  browser,
}) => {
  const user = await addOperator(page);
  const first = await signedOutContext(browser);
  const second = await signedOutContext(browser);
  try {
    const row = page.getByRole("row").filter({ hasText: user.email });
    await row.getByRole("button", { name: `Reset password of ${user.email}` }).click();
    await page
      .getByRole("dialog", { name: `Reset the password of ${user.email}?` })
      .getByRole("button", {
        name: "Reset password",
      })
      .click();
    const shown = row.getByRole("status", { name: `One-time password for ${user.email}` });
    const oneTime = ((await shown.locator("code").textContent()) ?? "").trim();
    expect(oneTime).not.toBe("");

    const them = await first.newPage();
    await signIn(them, user.email, oneTime);
    await expect(them).toHaveURL(/\/account$/);

    // That browser is closed before a new password is chosen; another one signs in with the same password.
    const again = await second.newPage();
    await signIn(again, user.email, oneTime);
    await expect(again).toHaveURL(/\/account$/);
    await expect(again.getByRole("main").getByRole("alert")).toContainText(FORCED_CHANGE_NOTICE);
    await shots(again, "one-time-again");
    await them.reload();
    await expect(them).toHaveURL(/\/login/);
  } finally {
    await first.close();
    await second.close();
  }
});
