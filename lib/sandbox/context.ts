import type { Database } from "@/lib/database";
import type { ResolvedOptions } from "./options";
import type { RequestLog } from "./request-log";

/** What request handlers, the dispatcher and the sweeper share. */
export interface SandboxContext {
  db: Database;
  opts: ResolvedOptions;
  /** Wakes the callback dispatcher (a new event is due now). */
  kick(): void;
  /** Where every answered request is recorded. */
  log: RequestLog;
}

export interface Merchant {
  clientId: string;
  secret: string;
}
