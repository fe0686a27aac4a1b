import { describe, expect, it } from "vitest";
import { CONFLICT_RETRIES } from "./conflicts";
import { GroupCommit, lanesFor } from "./group-commit";
import type { Sql } from "./index";

/** A writer that records each statement it was asked to run. */
function recorder(fail: (items: number[]) => boolean = () => false) {
  const statements: number[][] = [];
  const group = new GroupCommit<number, string>({
    async many(items) {
      statements.push([...items]);
      await new Promise((r) => setTimeout(r, 5));
      if (fail(items)) throw new Error("statement failed");
      return items.map((i) => `many:${i}`);
    },
    async one(item) {
      statements.push([item]);
      if (item < 0) throw new Error(`bad item ${item}`);
      return `one:${item}`;
    },
    order: (a, b) => a - b,
    max: 4,
    lanes: 1,
  });
  return { group, statements };
}

describe("group commit", () => {
  it("sends an idle group's item alone and at once", async () => {
    const { group, statements } = recorder();
    expect(await group.submit(7)).toBe("one:7");
    expect(statements).toEqual([[7]]);
  });

  it("groups what arrives together, sorted, at most `max` a statement, each answered with its own result", async () => {
    const { group, statements } = recorder();
    const results = await Promise.all([5, 3, 9, 1, 8, 2].map((i) => group.submit(i)));
    expect(results).toEqual(["many:5", "many:3", "many:9", "many:1", "many:8", "many:2"]);
    expect(statements).toEqual([
      [1, 3, 5, 9],
      [2, 8],
    ]);
  });

  it("what arrives while a statement runs waits for the next one (one lane)", async () => {
    const { group, statements } = recorder();
    const first = group.submit(1);
    await new Promise((r) => setImmediate(r));
    const later = [group.submit(3), group.submit(2)];
    await Promise.all([first, ...later]);
    expect(statements).toEqual([[1], [2, 3]]);
  });

  it("with more lanes, what arrives while a statement runs is sent at once beside it", async () => {
    const events: string[] = [];
    const group = new GroupCommit<number, number>({
      async many(items) {
        events.push(`start ${items}`);
        await new Promise((r) => setTimeout(r, 20));
        events.push(`end ${items}`);
        return items;
      },
      async one(item) {
        events.push(`start ${item}`);
        await new Promise((r) => setTimeout(r, 20));
        events.push(`end ${item}`);
        return item;
      },
      max: 10,
      lanes: 2,
    });
    const first = group.submit(1);
    await new Promise((r) => setImmediate(r));
    await Promise.all([first, group.submit(2), group.submit(3)]);
    expect(events).toEqual(["start 1", "start 2,3", "end 1", "end 2,3"]);
  });

  it("lanes: several on PostgreSQL; on PGlite one unless the writer asks for more", () => {
    const pglite = { kind: "pglite" } as unknown as Sql;
    const postgres = { kind: "postgres" } as unknown as Sql;
    expect(lanesFor(pglite)).toBe(1);
    expect(lanesFor(pglite, 3)).toBe(3);
    expect(lanesFor(postgres)).toBeGreaterThan(1);
    expect(lanesFor(postgres, 3)).toBe(lanesFor(postgres));
  });

  it("a failed statement is retried item by item: only the bad item fails", async () => {
    const { group, statements } = recorder((items) => items.some((i) => i < 0));
    const outcomes = await Promise.allSettled([4, -1, 6].map((i) => group.submit(i)));
    expect(outcomes.map((o) => (o.status === "fulfilled" ? o.value : String(o.reason)))).toEqual([
      "one:4",
      "Error: bad item -1",
      "one:6",
    ]);
    expect(statements).toEqual([[-1, 4, 6], [-1], [4], [6]]);
  });

  it("items that may not share a statement go one by one", async () => {
    const statements: number[][] = [];
    const group = new GroupCommit<number, number>({
      async many(items) {
        statements.push(items);
        return items;
      },
      async one(item) {
        statements.push([item]);
        return item;
      },
      compatible: (items) => items.every((i) => i % 2 === (items[0] ?? 0) % 2),
      max: 10,
      lanes: 1,
    });
    await Promise.all([1, 2, 3].map((i) => group.submit(i)));
    expect(statements).toEqual([[1], [2], [3]]);
  });

  /** PostgreSQL's error for a deadlock's victim, as node-postgres and PGlite raise it. */
  const deadlock = () => Object.assign(new Error("deadlock detected"), { code: "40P01" });

  it("a statement ended as a deadlock's victim is sent again, whole: no item fails and the group stays a group", async () => {
    const statements: number[][] = [];
    let deadlocks = 2;
    const group = new GroupCommit<number, string>({
      async many(items) {
        statements.push([...items]);
        if (deadlocks-- > 0) throw deadlock();
        return items.map((i) => `many:${i}`);
      },
      async one(item) {
        statements.push([item]);
        if (statements.filter((s) => s.length === 1).length === 1) throw deadlock();
        return `one:${item}`;
      },
      max: 10,
      lanes: 1,
    });
    expect(await Promise.all([3, 1, 2].map((i) => group.submit(i)))).toEqual(["many:3", "many:1", "many:2"]);
    expect(statements).toEqual([
      [3, 1, 2],
      [3, 1, 2],
      [3, 1, 2],
    ]);
    // Alone too: its first try was the victim, its second applied.
    expect(await group.submit(7)).toBe("one:7");
    expect(statements.slice(3)).toEqual([[7], [7]]);
  });

  it("a statement that is the victim every time fails after CONFLICT_RETRIES more tries; other errors are not tried again", async () => {
    let tries = 0;
    const group = new GroupCommit<number, string>({
      async many() {
        throw new Error("not used");
      },
      async one(item) {
        tries++;
        if (item === 1) throw deadlock();
        throw new Error("violates check constraint");
      },
      max: 10,
      lanes: 1,
    });
    await expect(group.submit(1)).rejects.toThrow("deadlock detected");
    expect(tries).toBe(1 + CONFLICT_RETRIES);
    tries = 0;
    await expect(group.submit(2)).rejects.toThrow("violates check constraint");
    expect(tries).toBe(1);
  });
});
