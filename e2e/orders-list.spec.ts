import type { Locator, Page } from "@playwright/test";
import type { PayinSeed } from "./fixtures";
import { expect, ORDER_PAGE_URL, screenshot, test, unique } from "./fixtures";

/**
 * The orders list as a user meets it: a row opens its order (mouse and keyboard), the shown paymentId
 * prefix finds the order, times are the viewer's local time with UTC on hover, the table fits 1280 px and
 * is a compact list with folded filters on a phone.
 */

test.use({ timezoneId: "America/Sao_Paulo" });

const rows = (page: Page) => page.locator("tbody tr[data-order-id]");

/** The table's box does not scroll sideways: every column, paymentId included, is in view. */
async function expectNoSidewaysScroll(table: Locator) {
  const wrap = table.locator("xpath=ancestor::div[contains(@class,'table-wrap')][1]");
  const { scroll, client } = await wrap.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** São Paulo is UTC−3 all year: the local text is the UTC title moved back three hours. */
async function expectSaoPauloTime(time: Locator) {
  const iso = await time.getAttribute("datetime");
  const utc = new Date(iso ?? "");
  expect(Number.isNaN(utc.getTime())).toBe(false);
  const local = new Date(utc.getTime() - 3 * 3600_000).toISOString();
  await expect(time).toHaveAttribute("title", `${utc.toISOString().slice(0, 19).replace("T", " ")} UTC`);
  await expect(time).toHaveText(`${local.slice(0, 10)} ${local.slice(11, 19)} GMT-3`);
}

test("the shown paymentId prefix finds the order; the whole row opens it, by mouse and by keyboard", async ({
  page,
  createPayin,
}) => {
  // React reports a server/client text mismatch as a hydration error (minified #418/#425 in production).
  const hydrationErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /hydrat|#418|#423|#425/i.test(m.text())) hydrationErrors.push(m.text());
  });
  page.on("pageerror", (e) => {
    if (/hydrat|#418|#423|#425/i.test(e.message)) hydrationErrors.push(e.message);
  });
  const order = await createPayin({ email: `row-${unique()}@example.com` });
  const created = page.locator("dt", { hasText: "Created" }).locator("xpath=following-sibling::dd[1]/time");
  await expectSaoPauloTime(created);

  await page.goto("/orders");
  await page.getByLabel("Search").fill(order.paymentId.slice(0, 8));
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row).toHaveAttribute("data-order-id", order.id);
  await expect(row.locator("time")).toHaveAttribute("title", /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
  await expect(row.locator("time")).toContainText("GMT-3");

  // A click anywhere in the row, here on the client's email, opens the order (the row's link lies over
  // the cells, which is why Playwright's "receives the click" check must be skipped).
  await row.getByText(order.email).click({ force: true });
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));

  // Keyboard: the row's one link (named by the full paymentId) takes focus and Enter opens it.
  await page.goBack();
  const link = rows(page).first().getByRole("link", { name: order.paymentId });
  await expect(rows(page).first().getByRole("link")).toHaveCount(1);
  await page.getByRole("button", { name: "Apply" }).focus();
  // Past Clear and the filter fields (each date field has three stops), Tab reaches the row's link.
  for (let i = 0; i < 30 && !(await link.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(link).toBeFocused();
  const outline = await link.evaluate((el) => getComputedStyle(el, "::after").outlineStyle);
  expect(outline).toBe("solid");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
  await expect(page.getByTestId("submission-entry").first().locator("time")).toContainText("GMT-3");
  await screenshot(page, "order-page-sao-paulo");

  // Users: the activity log is in the viewer's time too, UTC on hover.
  await page.goto("/users");
  const activity = page.getByRole("region", { name: "Recent activity" });
  await expectSaoPauloTime(activity.locator("time").first());
  await screenshot(page, "users-sao-paulo");
  expect(hydrationErrors).toEqual([]);
});

test("4 characters of a paymentId find the order; 3 say that 4 are needed", async ({ page, createPayin }) => {
  const tag = unique();
  const order = await createPayin({ email: `short-${tag}@example.com` });
  await page.goto("/orders?status=In+progress");
  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill(order.paymentId.slice(0, 4));
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator(`tr[data-order-id="${order.id}"]`)).toHaveCount(1);

  await search.fill(order.paymentId.slice(0, 3));
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Some filters were not applied" })).toContainText(
    "q: Type at least 4 characters to search",
  );
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("No orders match these filters.")).toHaveCount(0);
  await screenshot(page, "orders-search-too-short-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "orders-search-too-short-mobile");
});

test("25 orders: the table fits 1280 and 1024 px; on a phone a two-line list with the filters folded", async ({
  page,
  createPayin,
}) => {
  test.setTimeout(420_000);
  const tag = unique();
  const longEmail = `maria.fernanda.albuquerque.cavalcanti.${tag}@correio-empresarial.example.com.br`;
  const seeds: PayinSeed[] = [
    { method: "CrossBorderCard", amount: "98765.43", email: longEmail },
    { method: "Card", amount: "1500", email: `ivan.${tag}@example.com` },
    { method: "SBP", amount: "25000.50", bank: "sber", email: `olga.${tag}@mail.test` },
    { method: "QRNSPK", amount: "730", bank: "alfa", email: `petr.${tag}@inbox.test` },
    { method: "PIX", amount: "100.50", bank: "itau", email: `ana.${tag}@example.com.br` },
  ];
  for (let i = 0; i < 25; i++) {
    const seed = seeds[i % seeds.length] ?? {};
    await createPayin({ ...seed, email: i < seeds.length ? seed.email : `n${i}.${seed.email}` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/orders?q=${tag}`);
  await expect(rows(page)).toHaveCount(25);
  const table = page.getByRole("table", { name: "Orders matching the filters" });
  await expectNoSidewaysScroll(table);
  await expect(page.getByLabel("Method")).toBeVisible(); // filters open on a wide screen
  await expect(table.getByRole("columnheader", { name: "paymentId" })).toBeInViewport();
  await screenshot(page, "orders-list-1280");

  await page.setViewportSize({ width: 1024, height: 800 });
  await expectNoSidewaysScroll(table);
  await screenshot(page, "orders-list-1024");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(rows(page)).toHaveCount(25);
  // Folded: the search stays, the other filters open on demand.
  await expect(page.getByLabel("Search")).toBeVisible();
  await expect(page.getByLabel("Method")).toBeHidden();
  const heights = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
  expect(Math.max(...heights)).toBeLessThanOrEqual(72); // two lines (a labelled card was ~280 px)
  await screenshot(page, "orders-list-390");
  await page.getByText("Filters", { exact: true }).click();
  await expect(page.getByLabel("Method")).toBeVisible();
  await screenshot(page, "orders-list-390-filters");

  // A filter set keeps the disclosure open, and says how many are set.
  await page.goto(`/orders?q=${tag}&method=PIX`);
  await expect(rows(page)).toHaveCount(5);
  await expect(page.getByLabel("Method")).toBeVisible();
  await expect(page.getByText("Filters (1 set)")).toBeVisible();
  await page.locator("tr[data-order-id]").first().getByText("PIX", { exact: true }).click({ force: true });
  await expect(page).toHaveURL(ORDER_PAGE_URL);
});
