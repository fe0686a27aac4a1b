/**
 * A webhook URL's secrets never come back out (issue 44 §1): a URL with a user name and password is refused
 * as input; one stored before that rule is not sent to, and says why in words; a channel that cannot be
 * reached is reported in our words, never with the library's text (which quotes the URL). TEST_DB backend.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database";
import { insertAlertChannel } from "@/lib/database/dashboard/queries/alerts";
import { listAudit } from "@/lib/database/dashboard/queries/audit";
import type { User } from "@/lib/database/dashboard/queries/users";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/alert-receivers";
import { addTestUser } from "@/lib/testing/auth-database";
import { openTestDashboardDb } from "@/lib/testing/test-orders";
import type { DeliverySettings } from "./deliver";
import { testAlertChannelAs } from "./manage";

let db: Database;
let dispose: () => Promise<void>;
let web: WebhookReceiver;
let admin: User;
const delivery: DeliverySettings = {
  publicBaseUrl: "https://dashboard.example.com",
  smtpUrl: undefined,
  emailFrom: "alerts@dashboard.example.com",
  retryMs: 200,
};

beforeAll(async () => {
  ({ db, dispose } = await openTestDashboardDb());
  web = await startWebhookReceiver();
  admin = await addTestUser(db, { email: `admin-${randomUUID()}@example.com`, password: "pw-123456789" });
});
afterAll(async () => {
  await web?.close();
  await dispose?.();
});

/** A port nothing listens on: one the system gave a server that is closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function channelAt(target: string) {
  return insertAlertChannel(db, {
    kind: "webhook",
    name: "Hook",
    target,
    format: "json",
    chatId: null,
    createdBy: null,
  });
}

describe("a webhook URL's secrets", () => {
  it("a stored URL with a password: Send test sends nothing and says why without the password", async () => {
    const withPassword = new URL(web.url);
    withPassword.username = "user";
    withPassword.password = "s3cret-pass";
    const channel = await channelAt(withPassword.href);
    const answer = await testAlertChannelAs(db, admin, delivery, channel.id);
    expect(answer).toEqual({
      ok: false,
      message:
        "“Hook” did not accept the test: its URL carries a user name or password: edit the channel and remove them",
    });
    expect(web.bodies).toHaveLength(0);
    const [entry] = await listAudit(db, { action: "settings.alert-channel-test", target: channel.id });
    expect(JSON.stringify(entry?.details)).not.toContain("s3cret-pass");
  });

  it("an unreachable URL: the refusal is in our words, never quoting the URL's token", async () => {
    const channel = await channelAt(`http://127.0.0.1:${await closedPort()}/hooks/secret-token-123`);
    const answer = await testAlertChannelAs(db, admin, delivery, channel.id);
    expect(answer.message).toBe(
      "“Hook” did not accept the test: the webhook could not be reached (ECONNREFUSED)",
    );
    const [entry] = await listAudit(db, { action: "settings.alert-channel-test", target: channel.id });
    expect(entry?.details).toMatchObject({ refusal: "the webhook could not be reached (ECONNREFUSED)" });
  });
});
