/**
 * Saved views through their server actions as Next calls them, on the real dashboard database (TEST_DB
 * backend): each user's own, named uniquely, bounded, refused with the field named and nothing written.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { deleteViewAction, saveViewAction } from "@/lib/actions/saved-view-actions";
import { listSavedViews as listViews } from "@/lib/database/dashboard/queries/saved-views";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import type { ActionResult } from "@/lib/actions/action-result";
import type { SaveViewResult } from "@/lib/actions/saved-view-actions";
import type { Database } from "@/lib/database";
import { testRequest } from "@/lib/testing/next-headers";
import { formData, signedInAs } from "@/lib/testing/action-session";
import { VIEWS_PER_USER } from "./saved-views";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

type FormAction<R> = (previous: R | null, form: FormData) => Promise<R>;

let rt: TestRuntime | undefined;
let db: Database;
const save: FormAction<SaveViewResult> = saveViewAction;
const remove: FormAction<ActionResult> = deleteViewAction;

beforeAll(async () => {
  rt = await startTestRuntime("saved_views");
  db = rt.db;
});

const signIn = (role: "admin" | "operator" | "viewer") => signedInAs(db, role);

afterAll(async () => {
  await rt?.close();
});

const form = formData;
const saveView = (name: string, query: string) => save(null, form({ name, query }));
const names = async (userId: string) => (await listViews(db, userId)).map((v) => v.name);

describe("saved views", () => {
  it("a viewer saves the filters under a name, in canonical form; they are listed by name", async () => {
    const me = await signIn("viewer");
    const saved = await saveView("Paid pay-ins", "status=Success&direction=payin&after=1763798400123456_x");
    expect(saved).toMatchObject({ ok: true, message: "Saved as “Paid pay-ins”." });
    expect(await saveView("brazil", "country=br")).toMatchObject({ ok: true });
    expect(await listViews(db, me.id)).toEqual([
      { id: expect.any(String), name: "brazil", query: "country=BR" },
      { id: saved.ok ? saved.view.id : "", name: "Paid pay-ins", query: "direction=payin&status=Success" },
    ]);
  });

  it("one name once per user, whatever its case; the same filters once; refusals name the field", async () => {
    const me = await signIn("operator");
    expect(await saveView("Failed", "status=Failed")).toMatchObject({ ok: true });
    expect(await saveView("FAILED", "status=Expired")).toEqual({
      ok: false,
      message: "Not saved.",
      fieldErrors: { name: "You already have a view named “Failed”: choose another name" },
      values: { name: "FAILED" },
    });
    expect(await saveView("Failures", "status=Failed")).toMatchObject({
      ok: false,
      fieldErrors: { query: "These filters are already saved as “Failed”" },
    });
    expect(await saveView("", "status=Failed")).toMatchObject({
      ok: false,
      fieldErrors: { name: "Give the view a name" },
    });
    expect(await saveView("Odd", "method=Carrier-pigeon")).toMatchObject({
      ok: false,
      fieldErrors: { query: 'Fix the filters first: Unknown payment method "Carrier-pigeon"' },
    });
    expect(await names(me.id)).toEqual(["Failed"]);

    // Another user's names and filters are theirs alone.
    const other = await signIn("viewer");
    expect(await saveView("Failed", "status=Failed")).toMatchObject({ ok: true });
    expect(await names(other.id)).toEqual(["Failed"]);
  });

  it("names that differ only in a case JavaScript and PostgreSQL fold differently (ΑΣ, ασ) are one name, refused by field", async () => {
    const me = await signIn("operator");
    expect(await saveView("ΑΣ", "status=Failed")).toMatchObject({ ok: true });
    // JavaScript lowercases a final capital sigma to ς, PostgreSQL's lower() to σ: the database decides.
    expect(await saveView("ασ", "status=Expired")).toMatchObject({
      ok: false,
      fieldErrors: { name: "You already have a view named “ΑΣ”: choose another name" },
    });
    expect(await names(me.id)).toEqual(["ΑΣ"]);
  });

  it(`at most ${VIEWS_PER_USER} per user; two saves at once under one name keep one`, async () => {
    const me = await signIn("viewer");
    const results = await Promise.all([saveView("Twice", "status=A"), saveView("twice", "status=B")]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (let i = 1; i < VIEWS_PER_USER; i++) expect((await saveView(`View ${i}`, `q=${i}xyz`)).ok).toBe(true);
    expect(await saveView("One too many", "status=Z")).toMatchObject({
      ok: false,
      fieldErrors: { name: expect.stringContaining(`You have ${VIEWS_PER_USER} views`) },
    });
    expect(await listViews(db, me.id)).toHaveLength(VIEWS_PER_USER);
  });

  it("only one's own view can be deleted; a bad id is refused and nothing changes", async () => {
    const owner = await signIn("operator");
    const saved = await saveView("Mine", "direction=payout");
    if (!saved.ok) throw new Error("not saved");
    await signIn("admin");
    expect(await remove(null, form({ viewId: saved.view.id }))).toEqual({
      ok: false,
      message: "That view is not yours or was already deleted.",
    });
    expect(await remove(null, form({ viewId: "not-a-uuid" }))).toMatchObject({
      ok: false,
      fieldErrors: { viewId: "Unknown view" },
    });
    expect(await names(owner.id)).toEqual(["Mine"]);
  });

  it("the owner deletes it; signed out, nothing is saved or deleted", async () => {
    const me = await signIn("viewer");
    const saved = await saveView("Short-lived", "status=Pending");
    if (!saved.ok) throw new Error("not saved");
    expect(await remove(null, form({ viewId: saved.view.id }))).toEqual({
      ok: true,
      message: "Deleted the view “Short-lived”.",
    });
    expect(await names(me.id)).toEqual([]);

    testRequest.cookies.clear();
    expect(await saveView("Nobody", "status=Success")).toMatchObject({ ok: false });
    expect(await names(me.id)).toEqual([]);
  });
});
