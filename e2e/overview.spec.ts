import type { Locator, Page } from "@playwright/test";
import { expect, screenshot, test } from "./fixtures";

/** The number on a count card (its link reads "<label> <number>"). */
async function countOf(card: Locator): Promise<number> {
  const text = ((await card.textContent()) ?? "").trim();
  const n = text.match(/(\d+)$/)?.[1];
  if (n === undefined) throw new Error(`no count in "${text}"`);
  return Number(n);
}

const serviceCounts = (page: Page) => page.getByRole("list", { name: "At the payment service" });
const localCounts = (page: Page) => page.getByRole("list", { name: "Not accepted by the service" });

test("the overview's counts and latest callbacks follow a callback without a reload", async ({
  page,
  createPayin,
  sandbox,
}) => {
  const order = await createPayin({ method: "Card" });
  await page.goto("/");
  const success = serviceCounts(page).getByRole("link", { name: /^Success\s*\d+$/ });
  const inProgress = serviceCounts(page).getByRole("link", { name: /^In progress\s*\d+$/ });
  const before = { success: await countOf(success), inProgress: await countOf(inProgress) };
  expect(before.inProgress).toBeGreaterThanOrEqual(1);
  // Survives only as long as the document does: a reload would drop it.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  await sandbox.setStatus(order.serviceId, "Success");

  // Other flows run at the same time against the same dashboard, so the counts move for them too: Success
  // only ever grows, and the live In progress figure must come to agree with the server's own count.
  await expect.poll(() => countOf(success), { timeout: 20_000 }).toBeGreaterThanOrEqual(before.success + 1);
  await expect
    .poll(
      async () => {
        const api = (await (await page.request.get("/api/overview")).json()) as {
          counts: { status: string; count: number }[];
        };
        const expected = api.counts.find((c) => c.status === "In progress")?.count ?? 0;
        return (await countOf(inProgress)) - expected;
      },
      { timeout: 20_000 },
    )
    .toBe(0);
  const callbacks = page.getByRole("table", { name: /most recent callback deliveries/ });
  const ours = callbacks
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: `Open order ${order.id}` }) });
  await expect(ours.first()).toContainText("Success");
  await expect(ours.first()).toContainText("applied");
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );

  // What the live page shows is what a fresh render shows.
  const shown = await countOf(success);
  await page.reload();
  expect(await countOf(success)).toBeGreaterThanOrEqual(shown);

  // Desktop and phone, with a callback in the table: nothing widens the page on a phone.
  for (const [name, width] of [
    ["overview-desktop-1280", 1280],
    ["overview-mobile-390", 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect(ours.first()).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, name);
  }
});

test("counts the service's statuses apart from the dashboard's own states, each linking to its list", async ({
  page,
}) => {
  await page.goto("/");
  const service = serviceCounts(page).getByRole("link");
  const local = localCounts(page).getByRole("link");
  await expect(local).toHaveText([
    /^Awaiting approval\s*\d+$/,
    /^Submitting\s*\d+$/,
    /^Submit failed\s*\d+$/,
    /^Refused\s*\d+$/,
    /^Rejected\s*\d+$/,
    /^Cancelled\s*\d+$/,
  ]);
  await expect(service.first()).toHaveText(/^All orders\s*\d+$/);
  await expect(service.nth(1)).toHaveText(/^In progress\s*\d+$/);

  // "All orders" is what the service accepted: the sum of its statuses, without the dashboard's states.
  const values = await Promise.all((await service.all()).map(countOf));
  const [all = -1, ...statuses] = values;
  expect(all).toBe(statuses.reduce((a, b) => a + b, 0));

  await localCounts(page)
    .getByRole("link", { name: /^Refused/ })
    .click();
  await expect(page).toHaveURL(/\/orders\?status=Refused$/);
  await page.goBack();
  await serviceCounts(page)
    .getByRole("link", { name: /^Success/ })
    .click();
  await expect(page).toHaveURL(/\/orders\?status=Success$/);
});
