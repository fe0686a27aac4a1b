/**
 * The merchant accounts a request may sign as: the configured ones (options, kept in memory) and QA runs
 * made on the fly (sandbox_runs, shared by every instance on the database). A run is read from the database
 * at most once a second per instance, so a run removed through another instance may still be let in for
 * that second; its own instance forgets it at once.
 */
import { isRunClientId } from "@/lib/contract";
import type { Sql } from "@/lib/database";
import { findRun, touchRun } from "@/lib/database/sandbox/runs";
import type { Merchant } from "./context";
import type { ResolvedOptions } from "./options";
import { log } from "@/lib/observability/logger";

const CACHE_MS = 1_000;
/**
 * A run's last-seen time is written at most this often (it only decides when an idle run goes), and at most
 * a quarter of the idle time apart (a sandbox with a short idle time, in tests).
 */
const TOUCH_EVERY_MS = 60_000;

export class AccountDirectory {
  private readonly runs = new Map<string, { account: Merchant; readAt: number }>();
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly db: Sql,
    private readonly opts: ResolvedOptions,
  ) {}

  /** The account with this client id, or undefined when there is none. */
  async find(clientId: string): Promise<Merchant | undefined> {
    const secret = this.opts.accounts.get(clientId);
    if (secret !== undefined) {
      return {
        clientId,
        secret,
        nextSecret: this.opts.nextSecrets.get(clientId),
        chaos: this.opts.chaos.get(clientId),
      };
    }
    if (!isRunClientId(clientId)) return undefined;
    const now = this.opts.now().getTime();
    const cached = this.runs.get(clientId);
    if (cached && now - cached.readAt < CACHE_MS) return cached.account;
    const run = await findRun(this.db, clientId);
    if (!run) {
      this.forget(clientId);
      return undefined;
    }
    const account: Merchant = {
      clientId,
      secret: run.secret,
      chaos: run.chaos ?? undefined,
      runOf: run.parentClientId,
    };
    this.runs.set(clientId, { account, readAt: now });
    return account;
  }

  /** A run signed a request: its idle time starts again. */
  seen(account: Merchant): void {
    if (account.runOf === undefined) return;
    const now = this.opts.now().getTime();
    const every = Math.min(TOUCH_EVERY_MS, this.opts.runIdleMs / 4);
    if (now - (this.touched.get(account.clientId) ?? 0) < every) return;
    this.touched.set(account.clientId, now);
    touchRun(this.db, account.clientId, new Date(now)).catch((error: unknown) => {
      log().error({ err: error, clientId: account.clientId }, "sandbox: touching a run failed");
    });
  }

  /** A run was removed: it is not let in again from this instance's memory. */
  forget(clientId: string): void {
    this.runs.delete(clientId);
    this.touched.delete(clientId);
  }
}
