"use client";

import { useRouter } from "next/navigation";
import { type TransitionFunction, useState, useTransition } from "react";
import type { FormStatusValue } from "@/components/forms/form-status";
import type { ActionResult } from "@/lib/actions/action-result";

/** What a form says when its server action got no answer (offline, or the dashboard down or restarting). */
export const UNREACHABLE = "Could not reach the dashboard. Try again.";

/** What a form's status line says while its action runs (nothing if unset), and when the action gives no
 * message of its own (nothing if unset: a button's actions always give one). */
export interface FormActionWords {
  busy?: string;
  done?: string;
  notDone?: string;
}

/** A call that got no answer: the status line's text in place of UNREACHABLE, and what else to do. */
export interface Unanswered {
  text?: string;
  also?: (text: string) => void;
}

interface Setters {
  startTransition: (scope: TransitionFunction) => void;
  setStatus: (status: FormStatusValue | null) => void;
  setErrors: (errors: Record<string, string>) => void;
  refresh: () => void;
  /** Refresh after a refusal too: a button's refusal often means someone else changed the state first. */
  refreshOnRefusal: boolean;
}

/** The hook's two ways to run an action, apart from React so that a unit test can drive them. */
export function formActionRunner(s: Setters) {
  /** Runs `action` while `pending`; `answer` reads the server's result. A call that never got one (it threw)
   * shows UNREACHABLE in the status line and ends the pending state, whatever the form does with answers. */
  const call = <R>(action: () => Promise<R>, answer: (result: R) => void, unanswered: Unanswered = {}) => {
    s.startTransition(async () => {
      try {
        answer(await action());
      } catch {
        const text = unanswered.text ?? UNREACHABLE;
        unanswered.also?.(text);
        s.setStatus({ tone: "error", text });
      }
    });
  };

  /** The usual flow: clears the field errors, runs `action`; on success says so, calls `onDone` and
   * refreshes the page's server data; on a refusal shows its field errors and message. */
  const run = (action: () => Promise<ActionResult>, words: FormActionWords = {}, onDone?: () => void) => {
    s.setErrors({});
    if (words.busy) s.setStatus({ tone: "info", text: words.busy });
    call(action, (result) => {
      if (result.ok) {
        s.setStatus({ tone: "success", text: result.message ?? words.done ?? "" });
        onDone?.();
        s.refresh();
        return;
      }
      s.setErrors(result.fieldErrors ?? {});
      s.setStatus({ tone: "error", text: result.message ?? words.notDone ?? "" });
      if (s.refreshOnRefusal) s.refresh();
    });
  };
  return { call, run };
}

/**
 * A form's (or a row of buttons') server action with its field errors, status line and pending state:
 * `run` for the usual flow, `call` for a form that reads the answer itself. Either way an action that
 * cannot be reached says UNREACHABLE and the form can be used again.
 */
export function useFormAction({ refreshOnRefusal = false }: { refreshOnRefusal?: boolean } = {}) {
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<FormStatusValue | null>(null);
  const [pending, startTransition] = useTransition();
  const { call, run } = formActionRunner({
    startTransition,
    setStatus,
    setErrors,
    refresh: () => router.refresh(),
    refreshOnRefusal,
  });
  return { errors, setErrors, status, setStatus, pending, call, run };
}
