/** Expires unpaid pay-ins at `expiresAt` (firing their callbacks) and drops old rate-limit windows. */
import type { SandboxContext } from "./context";
import { moveOrder } from "./service/move-order";
import { deleteOldWindows } from "@/lib/database/sandbox/limits";
import { findExpiredPayins } from "@/lib/database/sandbox/orders";
import { deleteRequestsBefore } from "@/lib/database/sandbox/requests";
import { findIdleRuns } from "@/lib/database/sandbox/runs";
import { removeRun } from "./service/runs";
import { log } from "@/lib/observability/logger";

/** How long the request log keeps a request (GET /sandbox/requests). */
const REQUEST_LOG_KEPT_MS = 24 * 60 * 60_000;

export class ExpirySweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private lastCleanup = 0;
  private lastRunSweep = 0;

  constructor(private readonly ctx: SandboxContext) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweep()
        .then(() => {})
        .catch((error) => {
          if (!this.stopped) log().error({ err: error }, "sandbox: expiry sweeper failed");
        })
        .finally(() => {
          this.running = undefined;
          this.schedule(this.ctx.opts.expirySweepMs);
        });
    }, ms);
  }

  /** One pass; exported behaviour for tests through startSandbox's timers. */
  async sweep(): Promise<number> {
    const { db, opts } = this.ctx;
    const now = opts.now();
    let expired = 0;
    for (;;) {
      const ids = await findExpiredPayins(db, now, 100);
      for (const id of ids) if (await moveOrder(this.ctx, id, "Expired")) expired++;
      if (ids.length < 100 || this.stopped) break;
    }
    if (now.getTime() - this.lastCleanup > 60_000) {
      this.lastCleanup = now.getTime();
      const longestWindow = Math.max(opts.rateLimitWindowMs, opts.authFailures.windowMs);
      await deleteOldWindows(db, new Date(now.getTime() - 2 * longestWindow - 60_000));
      await deleteRequestsBefore(db, new Date(now.getTime() - REQUEST_LOG_KEPT_MS));
    }
    // Once a minute, or four times per idle time when that is shorter (a sandbox started with a short one).
    if (now.getTime() - this.lastRunSweep > Math.min(60_000, opts.runIdleMs / 4)) {
      this.lastRunSweep = now.getTime();
      await this.removeIdleRuns(now);
    }
    return expired;
  }

  /** QA runs unused for longer than the idle time go, with everything they made. */
  private async removeIdleRuns(now: Date): Promise<void> {
    const idle = await findIdleRuns(this.ctx.db, new Date(now.getTime() - this.ctx.opts.runIdleMs), 100);
    for (const clientId of idle) await removeRun(this.ctx, clientId);
  }
}
