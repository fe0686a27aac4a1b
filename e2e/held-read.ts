import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";
import type { SandboxKit } from "../lib/sandbox/kit";

/**
 * Races a live page cannot choose to avoid, made to happen every time: the page's first status read is
 * answered by the server at once but handed to the page only on `release()`, so whatever the page hears
 * meanwhile (its event stream's "ready", a pushed change) arrives while that read is in flight. Later reads
 * pass untouched.
 */
export async function holdFirstRead(
  page: Page,
  isRead: (url: URL) => boolean,
): Promise<{ caught: Promise<void>; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let caught = () => {};
  const wasCaught = new Promise<void>((resolve) => {
    caught = resolve;
  });
  let held = false;
  await page.route(
    (url) => isRead(url),
    async (route) => {
      if (held) return route.continue();
      held = true;
      // Read now, before anything changes: what the page gets is what the server said then.
      const answer = await route.fetch();
      caught();
      await released;
      await route.fulfill({ response: answer });
    },
  );
  return { caught: wasCaught, release };
}

/** Waits until the sandbox's last callback of the order was answered 2xx: the dashboard applied it. */
export async function callbackApplied(sandbox: SandboxKit, serviceId: string, status: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const record = await sandbox.order(serviceId);
        const callback = record.callbacks.findLast((c) => c.status === status);
        return callback?.attempts.some((a) => a.statusCode !== null && a.statusCode < 300) ?? false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}
