/**
 * The action wrapper's own rules, on actions defined here and on a real one (createUserAction): the
 * cross-origin refusal, the three kinds of access, input refused by field across arguments, the echo, and
 * errors passing through. Real dashboard database (TEST_DB backend) for the sessions; only the request
 * (next/headers) and the page cache (next/cache) are stood in for, since there is no HTTP request.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CROSS_ORIGIN_MESSAGE as crossOriginMessage } from "@/lib/security/same-origin";
import { startTestRuntime, type TestRuntime } from "@/lib/testing/dashboard-runtime";
import { signInTestRole } from "@/lib/testing/sign-in";
import { createUserAction } from "./create-user-action";
import * as wrapper from "./define-action";
import { z } from "zod";
import type { Database } from "@/lib/database";
import type { ActionResult } from "./action-result";
import { formData } from "@/lib/testing/action-session";
import { testRequest } from "@/lib/testing/next-headers";

vi.mock("next/headers", () => import("@/lib/testing/next-headers"));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

let rt: TestRuntime | undefined;
let db: Database;
const createUser: (previous: unknown, form: FormData) => Promise<ActionResult> = createUserAction;
const signInAs = (role: "admin" | "operator" | "viewer" | null) =>
  signInTestRole(db, testRequest.cookies, role);

beforeAll(async () => {
  rt = await startTestRuntime("define_action");
  db = rt.db;
});

afterAll(async () => {
  await rt?.close();
});

beforeEach(() => {
  testRequest.headers = new Headers({ host: "dash.example" });
});

/** A value action over two arguments that records what its handler was given. */
function recordingAction(access: import("./define-action").Access) {
  const calls: unknown[][] = [];
  const action = wrapper.defineAction({
    access,
    args: [
      z.object({ amount: z.string().min(1, "Enter an amount") }),
      z.object({ n: z.number() }).default({ n: 1 }),
    ],
    handler: async ({ ...context }, values, options) => {
      calls.push([context, values, options]);
      return { ok: true as const, orderId: "x" };
    },
  });
  return { action, calls };
}

describe("cross-origin posts", () => {
  it("are refused before the session is read, and the handler never runs", async () => {
    await signInAs("admin");
    const { action, calls } = recordingAction(["admin"]);
    testRequest.headers = new Headers({ host: "dash.example", origin: "https://evil.example" });
    expect(await action({ amount: "1" })).toEqual({ ok: false, message: crossOriginMessage });
    const email = `csrf-${crypto.randomUUID()}@example.com`;
    const added = formData({ email, name: "X", role: "admin", password: "a-long-enough-password" });
    expect(await createUser(null, added)).toEqual({ ok: false, message: crossOriginMessage });
    expect(calls).toEqual([]);
    expect(await db.query("SELECT 1 FROM users WHERE email = $1", [email])).toEqual([]);
  });

  it("from this site's origin (or with no Origin header at all) go through", async () => {
    await signInAs("admin");
    const { action, calls } = recordingAction(["admin"]);
    testRequest.headers = new Headers({ host: "dash.example", origin: "https://dash.example" });
    expect(await action({ amount: "1" })).toEqual({ ok: true, orderId: "x" });
    testRequest.headers = new Headers({ host: "dash.example" });
    expect(await action({ amount: "2" })).toEqual({ ok: true, orderId: "x" });
    expect(calls.map((c) => c[1])).toEqual([{ amount: "1" }, { amount: "2" }]);
  });
});

describe("access", () => {
  it("a role list admits those roles only, refusing before the input is looked at", async () => {
    const { action, calls } = recordingAction(["operator"]);
    await signInAs(null);
    expect(await action("garbage")).toEqual({ ok: false, message: expect.stringMatching(/signed out/) });
    await signInAs("viewer");
    expect(await action("garbage")).toEqual({ ok: false, message: expect.stringMatching(/doesn't allow/) });
    const operator = await signInAs("operator");
    expect(await action({ amount: "5" })).toMatchObject({ ok: true });
    expect(calls).toEqual([
      [{ user: expect.objectContaining({ id: operator?.id }) }, { amount: "5" }, { n: 1 }],
    ]);
  });

  it('"signed-in" admits a user who must change their password, whom a role list refuses', async () => {
    const user = await signInAs("admin");
    await db.query("UPDATE users SET must_change_password = true WHERE id = $1", [user?.id]);
    const byRole = recordingAction(["admin"]);
    expect(await byRole.action({ amount: "1" })).toEqual({
      ok: false,
      message: expect.stringMatching(/^Your password was reset by an admin/),
    });
    const signedIn = recordingAction("signed-in");
    expect(await signedIn.action({ amount: "1" })).toMatchObject({ ok: true });
    expect(signedIn.calls[0]?.[0]).toEqual({ user: expect.objectContaining({ mustChangePassword: true }) });
    await signInAs(null);
    expect(await signedIn.action({ amount: "1" })).toEqual({
      ok: false,
      message: expect.stringMatching(/signed out/),
    });
    expect(signedIn.calls).toHaveLength(1);
  });

  it('"public" runs signed out, with no user', async () => {
    await signInAs(null);
    const { action, calls } = recordingAction("public");
    expect(await action({ amount: "1" })).toMatchObject({ ok: true });
    expect(calls).toEqual([[{}, { amount: "1" }, { n: 1 }]]);
  });
});

describe("input", () => {
  it("names every refused field, whichever argument it is in, and the handler never runs", async () => {
    await signInAs("admin");
    const { action, calls } = recordingAction(["admin"]);
    expect(await action({ amount: "" }, { n: "one" })).toEqual({
      ok: false,
      fieldErrors: { amount: "Enter an amount", n: expect.any(String) },
      message: wrapper.CHECK_FIELDS_MESSAGE,
    });
    expect(await action(null)).toEqual({
      ok: false,
      fieldErrors: { "(form)": expect.any(String) },
      message: wrapper.CHECK_FIELDS_MESSAGE,
    });
    expect(calls).toEqual([]);
  });

  it("a form action echoes what was typed on every refusal after access, and builds its message", async () => {
    await signInAs("admin");
    const action = wrapper.defineFormAction({
      access: ["admin"],
      schema: z.object({ name: z.string().min(3, "Too short") }),
      fromForm: (f) => ({ name: f.get("name") }),
      echo: (f) => ({ name: String(f.get("name")) }),
      invalidMessage: (errors) => Object.keys(errors).join(", "),
      handler: async (_context, { name }, f): Promise<ActionResult> =>
        name === "taken" ? { ok: false, message: `${f.get("extra")}` } : { ok: true, message: "done" },
    });
    expect(await action(null, formData({ name: "ab" }))).toEqual({
      ok: false,
      fieldErrors: { name: "Too short" },
      message: "name",
      values: { name: "ab" },
    });
    expect(await action(null, formData({ name: "taken", extra: "already there" }))).toEqual({
      ok: false,
      message: "already there",
      values: { name: "taken" },
    });
    expect(await action(null, formData({ name: "fresh" }))).toEqual({ ok: true, message: "done" });
    await signInAs("viewer");
    expect(await action(null, formData({ name: "ab" }))).toEqual({
      ok: false,
      message: expect.stringMatching(/doesn't allow/),
    });
  });

  it("invalidMessage null leaves the status line to the fields", async () => {
    const action = wrapper.defineFormAction({
      access: "public",
      schema: z.object({ email: z.string().min(1, "Enter your email") }),
      fromForm: (f) => ({ email: f.get("email") ?? "" }),
      invalidMessage: null,
      handler: async (): Promise<ActionResult> => ({ ok: true }),
    });
    expect(await action(null, formData({}))).toEqual({
      ok: false,
      fieldErrors: { email: "Enter your email" },
    });
  });
});

it("what the handler throws passes through (Next's redirect is a throw)", async () => {
  await signInAs("admin");
  const boom = new Error("NEXT_REDIRECT");
  const action = wrapper.defineAction({
    access: ["admin"],
    args: [z.unknown()],
    handler: async (): Promise<ActionResult> => {
      throw boom;
    },
  });
  await expect(action(1)).rejects.toBe(boom);
});
