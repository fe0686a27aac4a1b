import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startPeriodicLoop } from "./periodic-loop";

/** A pass the test ends when it chooses, counting how many started and how many ran at once. */
function controlledPasses() {
  const ends: Array<(error?: Error) => void> = [];
  let running = 0;
  const seen = { started: 0, mostAtOnce: 0 };
  const pass = () =>
    new Promise<void>((resolve, reject) => {
      seen.started++;
      running++;
      seen.mostAtOnce = Math.max(seen.mostAtOnce, running);
      ends.push((error) => {
        running--;
        if (error) reject(error);
        else resolve();
      });
    });
  /** Ends the oldest pass not yet ended, then lets the loop react. */
  const end = async (error?: Error) => {
    ends.shift()?.(error);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { pass, end, seen };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("startPeriodicLoop", () => {
  it("runs a pass at once, then again every interval", async () => {
    const { pass, end, seen } = controlledPasses();
    const loop = startPeriodicLoop({ intervalMs: 1000, pass });
    expect(seen.started).toBe(1);
    await end();
    await vi.advanceTimersByTimeAsync(999);
    expect(seen.started).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.started).toBe(2);
    await end();
    await loop.stop();
  });

  it("answers kicks during a pass with one more pass right after it, never two at once", async () => {
    const { pass, end, seen } = controlledPasses();
    const loop = startPeriodicLoop({ intervalMs: 60_000, pass });
    loop.kick();
    loop.kick();
    expect(seen.started).toBe(1);
    await end();
    expect(seen.started).toBe(2);
    await end();
    expect(seen.started).toBe(2);
    expect(seen.mostAtOnce).toBe(1);
    await loop.stop();
  });

  it("hands a pass's error to onError and goes on", async () => {
    const { pass, end, seen } = controlledPasses();
    const onError = vi.fn();
    const loop = startPeriodicLoop({ intervalMs: 60_000, pass, onError });
    await end(new Error("database away"));
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: "database away" }));
    loop.kick();
    expect(seen.started).toBe(2);
    await end();
    await loop.stop();
  });

  it("stop waits for the pass under way; no pass starts after it, kicked or due", async () => {
    const { pass, end, seen } = controlledPasses();
    const loop = startPeriodicLoop({ intervalMs: 1000, pass });
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    loop.kick();
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    await end();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    loop.kick();
    expect(seen.started).toBe(1);
  });
});
