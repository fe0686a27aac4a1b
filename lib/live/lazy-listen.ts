/**
 * One LISTEN, started by the first who needs it and kept until stop(): what each live feed of the process
 * (order statuses, session ends) holds on the database. A failed start is tried again by the next caller.
 */
import "server-only";
import type { Database } from "@/lib/database";

export interface LazyListen {
  /** Resolves once listening (at once after the first time); rejects if the LISTEN failed. */
  start(): Promise<void>;
  /** Stops listening; the next start() listens again. */
  stop(): Promise<void>;
}

export function lazyListen(
  db: () => Promise<Database>,
  channel: string,
  onPayload: (payload: string) => void,
): LazyListen {
  let listening: Promise<() => Promise<void>> | undefined;
  return {
    async start() {
      listening ??= db()
        .then((d) => d.listen(channel, onPayload))
        .catch((error) => {
          listening = undefined;
          throw error;
        });
      await listening;
    },
    async stop() {
      const started = listening;
      listening = undefined;
      await (await started?.catch(() => undefined))?.();
    },
  };
}
