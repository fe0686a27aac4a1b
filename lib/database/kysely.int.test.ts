/**
 * The Kysely layer over our Sql handle, on the backend chosen by TEST_DB: camelCase both ways, jsonb kept as
 * stored, and a transaction's queries on one connection so its row locks hold until it ends.
 */
import type { Generated } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "./index";
import { typed } from "./kysely";
import { createScratchDatabase, type ScratchDatabase, testBackend } from "@/lib/testing/database";

interface TestDb {
  kyTickets: {
    id: number;
    ownerName: string;
    seatCount: number;
    extraInfo: Record<string, unknown> | null;
    createdAt: Generated<Date>;
  };
}

let scratch: ScratchDatabase;
let db: Database;

beforeAll(async () => {
  scratch = await createScratchDatabase("kysely");
  db = await scratch.open();
  await db.exec(
    "CREATE TABLE ky_tickets (id integer PRIMARY KEY, owner_name text NOT NULL, seat_count integer NOT NULL, extra_info jsonb, created_at timestamptz NOT NULL DEFAULT now())",
  );
});
afterAll(async () => {
  await db?.close();
  await scratch?.drop();
});
beforeEach(async () => {
  await db.exec("TRUNCATE ky_tickets");
});

const insert = (id: number, seatCount = 1) =>
  typed<TestDb>(db)
    .insertInto("kyTickets")
    .values({ id, ownerName: `owner ${id}`, seatCount, extraInfo: null })
    .execute();

describe(`typed() (${testBackend()})`, () => {
  it("maps camelCase to snake_case columns and back; keys inside jsonb stay as stored", async () => {
    await typed<TestDb>(db)
      .insertInto("kyTickets")
      .values({
        id: 1,
        ownerName: "Ana",
        seatCount: 2,
        extraInfo: JSON.stringify({ snake_key: 1, camelKey: 2 }) as never,
      })
      .execute();
    const [raw] = await db.query("SELECT owner_name, seat_count FROM ky_tickets WHERE id = 1");
    expect(raw).toEqual({ owner_name: "Ana", seat_count: 2 });
    const row = await typed<TestDb>(db)
      .selectFrom("kyTickets")
      .selectAll()
      .where("id", "=", 1)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      id: 1,
      ownerName: "Ana",
      seatCount: 2,
      extraInfo: { snake_key: 1, camelKey: 2 },
    });
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it("Kysely's transaction commits when the callback resolves and rolls back when it throws", async () => {
    await typed<TestDb>(db)
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto("kyTickets")
          .values({ id: 1, ownerName: "a", seatCount: 1, extraInfo: null })
          .execute();
      });
    await expect(
      typed<TestDb>(db)
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto("kyTickets")
            .values({ id: 2, ownerName: "b", seatCount: 1, extraInfo: null })
            .execute();
          throw new Error("give up");
        }),
    ).rejects.toThrow("give up");
    const ids = await typed<TestDb>(db).selectFrom("kyTickets").select("id").orderBy("id").execute();
    expect(ids).toEqual([{ id: 1 }]);
  });

  it("runs every query of a transaction in that one transaction (Kysely's and ours)", async () => {
    const outside = await db.query<{ x: string }>("SELECT txid_current()::text AS x");
    const viaKysely = await typed<TestDb>(db)
      .transaction()
      .execute(async (trx) => {
        const ids: string[] = [];
        for (let i = 0; i < 3; i++) {
          const r = await trx
            .selectNoFrom((eb) => eb.fn<string>("txid_current").as("x"))
            .executeTakeFirstOrThrow();
          ids.push(String(r.x));
        }
        return ids;
      });
    expect(new Set(viaKysely).size).toBe(1);
    const viaSql = await db.transaction(async (tx) => {
      const a = await typed<TestDb>(tx)
        .selectNoFrom((eb) => eb.fn<string>("txid_current").as("x"))
        .executeTakeFirstOrThrow();
      const [b] = await tx.query<{ x: string }>("SELECT txid_current()::text AS x");
      return [String(a.x), b?.x];
    });
    expect(viaSql[0]).toBe(viaSql[1]);
    expect([viaKysely[0], viaSql[0]]).not.toContain(outside[0]?.x);
  });

  it("a row locked FOR UPDATE in a transaction stays locked until it ends", async () => {
    await insert(1);
    const events: string[] = [];
    let other: Promise<unknown> | undefined;
    await typed<TestDb>(db)
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom("kyTickets").select("id").where("id", "=", 1).forUpdate().execute();
        if (testBackend() === "postgres") {
          // Another pooled connection cannot take the lock while this transaction holds it.
          await expect(db.query("SELECT id FROM ky_tickets WHERE id = 1 FOR UPDATE NOWAIT")).rejects.toThrow(
            /could not obtain lock/,
          );
          other = db
            .query("UPDATE ky_tickets SET seat_count = 5 WHERE id = 1")
            .then(() => events.push("other"));
        } else {
          // PGlite has one connection: any other statement waits for the whole transaction.
          other = db
            .query("UPDATE ky_tickets SET seat_count = 5 WHERE id = 1")
            .then(() => events.push("other"));
        }
        await new Promise((r) => setTimeout(r, 200));
        await trx.updateTable("kyTickets").set({ seatCount: 3 }).where("id", "=", 1).execute();
        events.push("locked");
      });
    await other;
    expect(events).toEqual(["locked", "other"]);
    const row = await typed<TestDb>(db).selectFrom("kyTickets").select("seatCount").executeTakeFirstOrThrow();
    expect(row.seatCount).toBe(5);
  });

  it("SKIP LOCKED passes over the rows another transaction holds", async () => {
    await insert(1);
    await insert(2);
    const claim = (k: ReturnType<typeof typed<TestDb>>) =>
      k.selectFrom("kyTickets").select("id").orderBy("id").limit(1).forUpdate().skipLocked().execute();
    const seen = await typed<TestDb>(db)
      .transaction()
      .execute(async (trx) => {
        const mine = await claim(trx);
        // On PostgreSQL a concurrent claimant gets the next row; on PGlite it runs after this transaction.
        const theirs = db.transaction((tx) => claim(typed<TestDb>(tx)));
        const settled = testBackend() === "postgres" ? await theirs : undefined;
        return { mine, theirs: settled, pending: theirs };
      });
    expect(seen.mine).toEqual([{ id: 1 }]);
    if (testBackend() === "postgres") expect(seen.theirs).toEqual([{ id: 2 }]);
    else expect(await seen.pending).toEqual([{ id: 1 }]);
  });
});
