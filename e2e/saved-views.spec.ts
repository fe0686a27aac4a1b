import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, screenshot, test, unique } from "./fixtures";

/**
 * Saved views (issue 10 §3): a person saves the orders list's filters under a name, finds them in the
 * sidebar, exports exactly that view, shares it as a link, and deletes it. Each is a new user's own.
 */

const rows = (page: Page) => page.locator("tbody tr[data-order-id]");
const sidebar = (page: Page) => page.getByRole("region", { name: "Saved views" }).first();

test("save the filters as a view: in the sidebar, exported exactly, shared by link, deleted", async ({
  page,
  staffMember,
  taggedPair: { tag, paid },
}) => {
  const { page: mine } = await staffMember("viewer");
  const name = `Paid ${tag}`;
  await mine.goto(`/orders?status=Success&q=${tag}`);
  await expect(rows(mine)).toHaveCount(1);
  await expect(sidebar(mine)).toHaveCount(0);

  const saveForm = mine.getByRole("form", { name: "Save a view" });
  await saveForm.getByRole("textbox", { name: "Save these filters as a view" }).fill(name);
  await saveForm.getByRole("button", { name: "Save view" }).click();
  const current = mine.getByRole("region", { name: "Current saved view" });
  await expect(current).toContainText(`Saved view ${name}`);
  const link = sidebar(mine).getByRole("link", { name });
  await expect(link).toHaveAttribute("aria-current", "page");
  await screenshot(mine, "saved-view");

  // From the plain list, the sidebar link opens the view.
  await mine.goto("/orders");
  await expect(link).not.toHaveAttribute("aria-current", "page");
  await link.click();
  await expect(mine).toHaveURL(new RegExp(`/orders\\?status=Success&q=${tag}$`));
  await expect(rows(mine)).toHaveCount(1);
  await expect(rows(mine).first()).toHaveAttribute("data-order-id", paid.id);
  // The filter form shows the view's filters (the page was re-rendered in place, not reloaded).
  await expect(mine.getByLabel("Search")).toHaveValue(tag);
  await expect(mine.getByLabel("Status")).toHaveValue("Success");

  // Its CSV is exactly the view: the paid order, not the open one of the same tag.
  const [download] = await Promise.all([
    mine.waitForEvent("download"),
    mine.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csv = readFileSync((await download.path()) ?? "", "utf8").replace(/^\uFEFF/, "");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(paid.id);

  // A second view under the same name, in another case, is refused by name; nothing is added.
  await mine.goto(`/orders?q=${tag}`);
  await saveForm.getByRole("textbox", { name: "Save these filters as a view" }).fill(name.toUpperCase());
  await saveForm.getByRole("button", { name: "Save view" }).click();
  await expect(saveForm.locator(".field-error")).toHaveText(
    `You already have a view named “${name}”: choose another name`,
  );
  await expect(saveForm.getByRole("textbox", { name: "Save these filters as a view" })).toHaveValue(
    name.toUpperCase(),
  );
  await expect(sidebar(mine).getByRole("link")).toHaveCount(1);

  // Shared: "Copy link" gives the view's whole address; another person opens it and sees the same orders.
  const href = (await link.getAttribute("href")) ?? "";
  await mine.goto(href);
  await mine.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await current.getByRole("button", { name: `Copy link of the view ${name}` }).click();
  await expect(current.locator("[data-copy-id=view-link]")).toHaveText("Link copied ✓");
  const copied = await mine.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(new URL(href, mine.url()).href);
  await page.goto(copied);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toHaveAttribute("data-order-id", paid.id);
  await expect(page.getByRole("form", { name: "Save a view" })).toBeVisible();

  // Deleted: gone from the sidebar; the filters can be saved again.
  await current.getByRole("button", { name: "Delete view" }).click();
  await expect(sidebar(mine)).toHaveCount(0);
  await expect(mine.getByRole("form", { name: "Save a view" })).toBeVisible();
});

test("unsaveable filters get no save form; a phone shows the views in its menu", async ({ staffMember }) => {
  const { page: mine } = await staffMember("operator");
  await mine.goto(`/orders?country=XX`);
  await expect(mine.locator("#filter-errors")).toBeVisible();
  await expect(mine.getByRole("form", { name: "Save a view" })).toHaveCount(0);
  await mine.goto("/orders");
  await expect(mine.getByRole("form", { name: "Save a view" })).toHaveCount(0);

  const name = `Pay-outs ${unique()}`;
  await mine.goto("/orders?direction=payout");
  await mine.getByRole("textbox", { name: "Save these filters as a view" }).fill(name);
  await mine.getByRole("button", { name: "Save view" }).click();
  await expect(mine.getByRole("region", { name: "Current saved view" })).toContainText(name);

  await mine.setViewportSize({ width: 390, height: 844 });
  await mine.goto("/");
  await mine.locator("summary", { hasText: "Menu" }).click();
  await mine.getByRole("link", { name }).click();
  await expect(mine).toHaveURL(/\/orders\?direction=payout$/);
  await screenshot(mine, "saved-view-phone");
});
