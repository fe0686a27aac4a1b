/**
 * A background pass run now and every `intervalMs`, sooner when kicked, one at a time: a kick during a pass
 * runs another right after it. Errors of a pass are handed to `onError`; the loop goes on. The alert loop
 * (lib/alerts/loop.ts) and the batch sender (lib/batches/sender.ts) run on it.
 */
export interface PeriodicLoop {
  /** Runs a pass soon rather than at the next interval. */
  kick(): void;
  /** Resolves when the pass under way (if any) has finished; no pass starts after it. */
  stop(): Promise<void>;
}

export function startPeriodicLoop(opts: {
  intervalMs: number;
  pass: () => Promise<void>;
  onError?: (error: unknown) => void;
}): PeriodicLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = opts
      .pass()
      .catch((error) => opts.onError?.(error))
      .finally(() => {
        running = null;
        schedule(again ? 0 : opts.intervalMs);
        again = false;
      });
  };
  run();
  return {
    kick: () => {
      if (!stopped) run();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
