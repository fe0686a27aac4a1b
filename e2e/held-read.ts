import { expect, type Page } from "@playwright/test";
import type { FinalStatus } from "../lib/contract/status";
import type { SandboxKit } from "../lib/sandbox/kit";
import { deferred } from "../lib/testing/locks";

/** The page's first read, held by holdFirstRead. */
export interface HeldRead {
  /** Resolves once the first read was answered and is being held. */
  caught: Promise<void>;
  release: () => void;
}

/**
 * Races a live page cannot choose to avoid, made to happen every time: the page's first status read is
 * answered by the server at once but handed to the page only on `release()`, so whatever the page hears
 * meanwhile (its event stream's "ready", a pushed change) arrives while that read is in flight. Later reads
 * pass untouched.
 */
export async function holdFirstRead(page: Page, isRead: (url: URL) => boolean): Promise<HeldRead> {
  const released = deferred();
  const caught = deferred();
  let held = false;
  await page.route(isRead, async (route) => {
    if (held) return route.continue();
    held = true;
    // Read now, before anything changes: what the page gets is what the server said then.
    const answer = await route.fetch();
    caught.resolve();
    await released.promise;
    await route.fulfill({ response: answer });
  });
  return { caught: caught.promise, release: released.resolve };
}

/**
 * With the page's first read held (holdFirstRead): moves the order to `status` at the sandbox, waits until the
 * dashboard applied its callback and a moment more for the push to reach the page, then lets the held read,
 * answered before the change, through.
 */
export async function changeStatusDuringFirstRead(
  page: Page,
  read: HeldRead,
  sandbox: SandboxKit,
  serviceId: string,
  status: FinalStatus,
): Promise<void> {
  await read.caught;
  await sandbox.setStatus(serviceId, status);
  await expect
    .poll(
      async () => {
        const record = await sandbox.order(serviceId);
        const callback = record.callbacks.findLast((c) => c.status === status);
        return callback?.attempts.some((a) => a.statusCode !== null && a.statusCode < 300) ?? false;
      },
      { message: "the dashboard to apply the callback", timeout: 15_000 },
    )
    .toBe(true);
  await page.waitForTimeout(1_000);
  read.release();
}
