import { describe, expect, it } from "vitest";
import type { Sql } from "@/lib/database";
import { createUnverifiedPurge } from "./purge";

/** A stand-in database that records the cut-off of every purge statement it is sent. */
function recordingSql(): Sql & { cutoffs: Date[] } {
  const cutoffs: Date[] = [];
  return {
    cutoffs,
    query: async <T>(_text: string, params?: readonly unknown[]) => {
      cutoffs.push(params?.[0] as Date);
      return [{ n: 0 }] as T[];
    },
    transaction: () => Promise.reject(new Error("not used")),
    exec: () => Promise.reject(new Error("not used")),
  };
}

const MINUTE = 60_000;

describe("createUnverifiedPurge", () => {
  it("purges at most once per 10 minutes, what is older than the retention", () => {
    const db = recordingSql();
    const purge = createUnverifiedPurge(72);
    const t0 = Date.UTC(2026, 0, 10);
    purge.maybePurge(db, t0);
    purge.maybePurge(db, t0 + 9 * MINUTE);
    expect(db.cutoffs).toEqual([new Date(t0 - 72 * 60 * MINUTE)]);
    purge.maybePurge(db, t0 + 10 * MINUTE);
    expect(db.cutoffs).toHaveLength(2);
  });

  it("keeps its own clock: another runtime's purge is not held back by this one", () => {
    const db = recordingSql();
    const t0 = Date.UTC(2026, 0, 10);
    createUnverifiedPurge(72).maybePurge(db, t0);
    createUnverifiedPurge(24).maybePurge(db, t0 + MINUTE);
    expect(db.cutoffs).toEqual([new Date(t0 - 72 * 60 * MINUTE), new Date(t0 + MINUTE - 24 * 60 * MINUTE)]);
  });
});
