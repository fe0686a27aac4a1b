import { describe, expect, test, vi } from "vitest";
import type { ActionResult } from "@/lib/actions/action-result";
import type { FormStatusValue } from "./form-status";
import { formActionRunner, UNREACHABLE } from "./use-form-action";

/** The runner with React's parts played by plain state: pending holds from the start of the transition
 * until its scope settles, as useTransition's does; a scope that rejects fails the test. */
function harness({ refreshOnRefusal = false } = {}) {
  const h = {
    pending: false,
    status: null as FormStatusValue | null,
    errors: {} as Record<string, string>,
    refresh: vi.fn(),
    settled: Promise.resolve(),
  };
  const runner = formActionRunner({
    startTransition: (scope) => {
      h.pending = true;
      h.settled = Promise.resolve(scope()).then(() => {
        h.pending = false;
      });
    },
    setStatus: (status) => {
      h.status = status;
    },
    setErrors: (errors) => {
      h.errors = errors;
    },
    refresh: h.refresh,
    refreshOnRefusal,
  });
  return { h, ...runner };
}

const unreachable = () => Promise.reject(new TypeError("Failed to fetch"));

describe("a call that never reaches the dashboard", () => {
  test("run: the busy line gives way to the one message, pending ends, nothing refreshes", async () => {
    const { h, run } = harness();
    const onDone = vi.fn();
    run(unreachable, { busy: "Saving…", done: "Saved.", notDone: "Not saved." }, onDone);
    expect(h.status).toEqual({ tone: "info", text: "Saving…" });
    expect(h.pending).toBe(true);
    await h.settled;
    expect(h.status).toEqual({ tone: "error", text: UNREACHABLE });
    expect(UNREACHABLE).toBe("Could not reach the dashboard. Try again.");
    expect(h.pending).toBe(false);
    expect(onDone).not.toHaveBeenCalled();
    expect(h.refresh).not.toHaveBeenCalled();
  });

  test("call: the answer is not read; `also` hears the text, which `text` may replace", async () => {
    const { h, call } = harness();
    const answer = vi.fn();
    const also = vi.fn();
    call(unreachable, answer, { also });
    await h.settled;
    expect(answer).not.toHaveBeenCalled();
    expect(also).toHaveBeenCalledWith(UNREACHABLE);
    expect(h.status).toEqual({ tone: "error", text: UNREACHABLE });
    expect(h.pending).toBe(false);

    call(unreachable, answer, { text: "Too large?" });
    await h.settled;
    expect(h.status).toEqual({ tone: "error", text: "Too large?" });
  });
});

describe("run, with an answer", () => {
  const words = { done: "Saved.", notDone: "Not saved." };

  test("done: the action's message or the form's, then onDone and a refresh", async () => {
    const { h, run } = harness();
    const onDone = vi.fn();
    run(async (): Promise<ActionResult> => ({ ok: true }), words, onDone);
    await h.settled;
    expect(h.status).toEqual({ tone: "success", text: "Saved." });
    expect(onDone).toHaveBeenCalledOnce();
    expect(h.refresh).toHaveBeenCalledOnce();
  });

  test.each([
    [false, 0],
    [true, 1],
  ])("refused (refreshOnRefusal %s): field errors and message, %i refresh", async (refreshOnRefusal, n) => {
    const { h, run } = harness({ refreshOnRefusal });
    const refusal: ActionResult = {
      ok: false,
      message: "Check the amount.",
      fieldErrors: { amount: "Too big" },
    };
    run(async () => refusal, words);
    await h.settled;
    expect(h.errors).toEqual({ amount: "Too big" });
    expect(h.status).toEqual({ tone: "error", text: "Check the amount." });
    expect(h.refresh).toHaveBeenCalledTimes(n);
  });

  test("a button's words: none, so a result without a message leaves the line empty", async () => {
    const { h, run } = harness({ refreshOnRefusal: true });
    run(async (): Promise<ActionResult> => ({ ok: false }));
    await h.settled;
    expect(h.status).toEqual({ tone: "error", text: "" });
    expect(h.refresh).toHaveBeenCalledOnce();
  });
});
