/**
 * Group commit: durable writes that arrive together share one statement, one transaction and one flush.
 * While `lanes` statements are in flight, the items that arrive wait and then go together in the next one
 * (at most `max` per statement); an idle group sends at once, so nothing waits on a timer. Each caller is
 * answered only after the statement holding its item committed. If a group's statement fails, nothing of it
 * was written (one transaction), and each of its items is run alone, so one bad item fails only itself.
 *
 * A group is sorted by `order` before it is sent (stable), so that groups in flight together take their row
 * locks (or unique-key checks) in the same order. That order cannot cover locks a statement takes in a sequence
 * of its own (a per-row loop whose rows each fire a statement trigger, as the dashboard's callback statement
 * does into the Insights rollups), so PostgreSQL may still end a statement as a deadlock's victim (40P01): having
 * written nothing, it is sent again, up to CONFLICT_RETRIES times (conflicts.ts), after a short random pause.
 */
import { isDeadlock, retriedWhile } from "./conflicts";
import type { Sql } from "./index";

export interface GroupCommitOptions<I, O> {
  /** Writes several items in one statement; one result per item, in the items' order. */
  many(items: I[]): Promise<O[]>;
  /** Writes one item (a group of one, or each item of a group whose statement failed). */
  one(item: I): Promise<O>;
  /** Whether these items may share a statement (default: always). */
  compatible?(items: I[]): boolean;
  /** The order the rows are written in (see above). */
  order?(a: I, b: I): number;
  /** Items per statement, at most: bounds a statement's size and a group's wait. */
  max: number;
  /** Statements in flight at once. */
  lanes: number;
}

interface Waiting<I, O> {
  item: I;
  resolve(result: O): void;
  reject(error: unknown): void;
}

/**
 * Statements in flight at once on a backend. PostgreSQL serves several connections in parallel (and hides a slow
 * commit behind the others): a few. PGlite has one connection and runs one statement at a time: by default one, so
 * the others gather behind it. In its worker thread (pglite-thread.ts) each answer reaches the main thread as a
 * message, so with one in flight the worker idles from its answer until the main thread, busy with a turn of HTTP
 * work, takes it and sends the next group. `pglite` more lets the next group wait in the worker's queue instead.
 * Measure before raising it for a writer: more lanes send groups sooner, so smaller, and every other statement
 * waits behind the queued ones (the sandbox's creates gained with three, the dashboard's callback receiver lost).
 */
export function lanesFor(db: Sql, pglite = 1): number {
  return "kind" in db && db.kind === "postgres" ? 4 : pglite;
}

export class GroupCommit<I, O> {
  private queue: Waiting<I, O>[] = [];
  private running = 0;

  constructor(private readonly options: GroupCommitOptions<I, O>) {}

  submit(item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.running < this.options.lanes) {
        this.running++;
        // The items that arrive in the same turn of the event loop go in the same group.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const group = this.queue.splice(0, this.options.max);
      const { order } = this.options;
      await this.send(order ? group.sort((a, b) => order(a.item, b.item)) : group);
    }
    this.running--;
  }

  private async send(group: Waiting<I, O>[]): Promise<void> {
    const items = group.map((w) => w.item);
    if (group.length === 1 || this.options.compatible?.(items) === false) {
      for (const waiting of group) await this.alone(waiting);
      return;
    }
    let results: O[];
    try {
      results = await retriedWhile(isDeadlock, () => this.options.many(items));
    } catch {
      for (const waiting of group) await this.alone(waiting);
      return;
    }
    for (const [i, waiting] of group.entries()) {
      if (i < results.length) waiting.resolve(results[i] as O);
      else waiting.reject(new Error("group commit: no result for an item of the group"));
    }
  }

  private async alone(waiting: Waiting<I, O>): Promise<void> {
    try {
      waiting.resolve(await retriedWhile(isDeadlock, () => this.options.one(waiting.item)));
    } catch (error) {
      waiting.reject(error);
    }
  }
}
