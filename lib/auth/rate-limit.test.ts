import { describe, expect, it } from "vitest";
import { attemptStatus, minutesToWait, windowStaleBefore, windowStatus } from "./rate-limit";

const rule = { limit: 5, windowMs: 15 * 60_000 };
const t0 = new Date("2026-01-01T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("fixed-window math", () => {
  it("no window yet: not blocked, full allowance", () => {
    expect(windowStatus(null, rule, t0)).toEqual({ blocked: false, remaining: 5, retryAfterMs: 0 });
  });

  it.each([
    [1, false, 4],
    [4, false, 1],
    [5, true, 0],
    [9, true, 0],
  ])("%i hits in the window -> blocked %s, remaining %i", (count, blocked, remaining) => {
    const s = windowStatus({ windowStart: t0, count }, rule, at(60_000));
    expect(s.blocked).toBe(blocked);
    expect(s.remaining).toBe(remaining);
    expect(s.retryAfterMs).toBe(14 * 60_000);
  });

  it("the window ends exactly windowMs after it started", () => {
    const state = { windowStart: t0, count: 5 };
    expect(windowStatus(state, rule, at(rule.windowMs - 1)).blocked).toBe(true);
    expect(windowStatus(state, rule, at(rule.windowMs - 1)).retryAfterMs).toBe(1);
    expect(windowStatus(state, rule, at(rule.windowMs))).toEqual({
      blocked: false,
      remaining: 5,
      retryAfterMs: 0,
    });
  });

  it("a window from the future (clock skew between instances) does not block forever", () => {
    expect(windowStatus({ windowStart: at(60_000), count: 50 }, rule, t0).blocked).toBe(false);
  });

  it("the stale boundary used by the SQL upsert matches the window end", () => {
    const now = at(rule.windowMs);
    expect(windowStaleBefore(rule, now).getTime()).toBe(t0.getTime());
  });

  it.each([
    [0, 1],
    [1, 1],
    [60_000, 1],
    [60_001, 2],
    [15 * 60_000, 15],
  ])("%i ms to wait is said as %i minute(s)", (ms, minutes) => {
    expect(minutesToWait(ms)).toBe(minutes);
  });
});

describe("attempts counted before the work", () => {
  it.each([
    [1, true, false, false],
    [4, true, false, false],
    [5, true, true, true],
    [6, false, true, false],
  ])(
    "count %i after this attempt -> allowed %s, exhausted %s, last allowed %s",
    (count, allowed, exhausted, lastAllowed) => {
      const s = attemptStatus({ windowStart: t0, count }, rule, at(5 * 60_000));
      expect(s).toEqual({ allowed, exhausted, lastAllowed, retryAfterMs: 10 * 60_000 });
    },
  );
});
