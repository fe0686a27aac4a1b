import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { E2E } from "./config";
import { expect, screenshotBothWidths, test } from "./fixtures";
import { seriousAxeViolations } from "./staff";

/**
 * Alerts (issue 18 §2; docs/operations.md, Alerts), as an admin and a viewer: the admin adds a webhook
 * channel (a real HTTP server in this test) and lowers "Callbacks failing verification" to 0; one forged
 * callback raises the alert, shown on the Alerts page and as the badge, and delivered to the webhook once.
 * The admin acknowledges and resolves it; while the forged callback is within the window the rule raises it
 * again, and raising the threshold back resolves that one by itself. A viewer reads, never acts.
 */

const TITLE = /callbacks? refused in 5 minutes/;

interface Received {
  event: string;
  alert: { id: string; rule: string; title: string };
}

async function startReceiver() {
  const bodies: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Received);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    bodies,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function setCallbackThreshold(page: Page, value: string): Promise<void> {
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "Alerts" });
  await form.getByLabel(/More than \(callbacks in 5 min\)/).fill(value);
  await form.getByRole("button", { name: "Update alert rules" }).click();
  await expect(form.getByRole("status")).toContainText(/Alert rules updated|Nothing changed/);
}

test("an alert is raised, shown with the badge, delivered once, acknowledged and resolved", async ({
  page,
  request,
  staffMember,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  const channelName = `E2E hook ${Date.now().toString(36)}`;
  /** The rule's messages the webhook received (of one event, or all). */
  const messages = (event?: string) =>
    receiver.bodies.filter((b) => b.alert.rule === "callbacks-failing" && (!event || b.event === event));
  try {
    await page.goto("/settings");
    const channels = page.getByRole("region", { name: "Alert channels" });
    await channels.getByLabel("Name").fill(channelName);
    await channels.getByLabel("Webhook URL").fill(receiver.url);
    await channels.getByRole("button", { name: "Add channel" }).click();
    await expect(channels.getByRole("list", { name: "Channels" })).toContainText(channelName);
    await channels.getByRole("button", { name: `Send test to ${channelName}` }).click();
    await expect(channels.getByText(`Test message sent to “${channelName}”.`)).toBeVisible();
    await expect.poll(() => receiver.bodies.length).toBe(1);
    expect(receiver.bodies[0]?.alert.rule).toBe("test");
    await setCallbackThreshold(page, "0");
    await screenshotBothWidths(page, "alerts-settings");
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A forged callback: refused (401), and counted by the rule.
    const forged = await request.post(`${E2E.baseUrl}/api/postback`, {
      headers: { "content-type": "application/json", "webhook-id": "msg_forged", "webhook-timestamp": "1" },
      data: { id: "not-an-order", status: "Success" },
    });
    expect(forged.status()).toBe(401);

    await page.goto("/alerts");
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: TITLE }) });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText("Open", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Alerts \d+ open$/ }).first()).toBeVisible();
    const title = (await card.getByRole("heading").textContent()) ?? "";

    // Delivered to the webhook once, in plain JSON.
    await expect.poll(() => messages("raised").length, { timeout: 20_000 }).toBe(1);
    const firstId = messages()[0]?.alert.id;
    await screenshotBothWidths(page, "alerts-open");
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A viewer sees it, with no buttons.
    const viewer = await staffMember("viewer");
    await viewer.page.goto("/alerts");
    await expect(viewer.page.getByRole("heading", { name: TITLE })).toBeVisible();
    await expect(viewer.page.getByRole("button", { name: /^Acknowledge/ })).toHaveCount(0);
    // Adding the viewer took the admin's page to /users.
    await page.goto("/alerts");

    await card.getByRole("button", { name: `Acknowledge: ${title}` }).click();
    await expect(card.getByText("Acknowledged", { exact: true }).first()).toBeVisible();
    await expect(card).toContainText(`by ${E2E.admin.email}`);
    await card.getByRole("button", { name: `Resolve: ${title}` }).click();

    await page.getByRole("link", { name: "Resolved", exact: true }).click();
    const resolved = page.getByRole("article").filter({ hasText: `by ${E2E.admin.email}` });
    await expect(resolved.filter({ has: page.getByRole("heading", { name: TITLE }) }).first()).toBeVisible();

    // The forged callback is still within 5 minutes: raised again, then the threshold back at 10 clears it.
    await expect.poll(() => messages("raised").length, { timeout: 20_000 }).toBe(2);
    await setCallbackThreshold(page, "10");
    await page.goto("/alerts?state=resolved");
    await expect(
      page
        .getByRole("article")
        .filter({ has: page.getByRole("heading", { name: TITLE }) })
        .filter({ hasText: "by itself: the condition cleared" }),
    ).toBeVisible({ timeout: 20_000 });
    await screenshotBothWidths(page, "alerts-resolved");

    // Each raise and each resolve reached the webhook once.
    await expect.poll(() => messages().length, { timeout: 20_000 }).toBe(4);
    const ids = messages().map((b) => `${b.event} ${b.alert.id}`);
    expect(new Set(ids).size).toBe(4);
    expect(ids).toContain(`raised ${firstId}`);
    expect(ids).toContain(`resolved ${firstId}`);
  } finally {
    await page.goto("/settings");
    const remove = page.getByRole("button", { name: `Remove ${channelName}` });
    if (await remove.isVisible()) await remove.click();
    await receiver.close();
  }
});
