import type { SandboxChaos } from "@/lib/contract";
import type { Database } from "@/lib/database";
import type { NewSandboxOrderRow } from "@/lib/database/sandbox/schema";
import type { AccountDirectory } from "./accounts";
import type { ResolvedOptions } from "./options";
import type { AuthThrottle } from "./auth-throttle";
import type { AccountClocks } from "./clocks";
import type { RequestLog } from "./request-log";

/** What request handlers, the dispatcher and the sweeper share. */
export interface SandboxContext {
  db: Database;
  opts: ResolvedOptions;
  /** Writes a new order unless its paymentId is taken (true: written), grouped with concurrent creates. */
  insertOrder(order: NewSandboxOrderRow): Promise<boolean>;
  /** Wakes the callback dispatcher (a new event is due now). */
  kick(): void;
  /** Where every answered request is recorded. */
  log: RequestLog;
  /** The accounts a request may sign as: configured ones and QA runs. */
  accounts: AccountDirectory;
  /** Each account's clock (POST /sandbox/clock). */
  clocks: AccountClocks;
  /** Failed sign-ins (wrong signatures, wrong operator passwords) per client id and address, and per address. */
  throttle: AuthThrottle;
  /** Expires the unpaid pay-ins that are due now (the sweeper's pass, run at once); how many expired. */
  expireDue(): Promise<number>;
}

/** A merchant account: configured, or a QA run (POST /sandbox/runs). */
export interface Merchant {
  clientId: string;
  secret: string;
  /** A second secret during a rotation (configured accounts only). */
  nextSecret?: string | undefined;
  /** Callback chaos for its orders that pick none themselves. */
  chaos?: SandboxChaos | undefined;
  /** For a run: the configured account that started it. */
  runOf?: string;
}
