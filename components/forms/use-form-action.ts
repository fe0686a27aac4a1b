"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { FormStatusValue } from "@/components/forms/form-status";
import type { ActionResult } from "@/lib/actions/action-result";

/** What a form's status line says while its action runs (nothing if unset), and when the action gives no
 * message of its own. */
export interface FormActionWords {
  busy?: string;
  done: string;
  notDone: string;
}

/**
 * A settings form's server action with its field errors and status line: clears both and runs it; on
 * success says so, calls `onDone` and refreshes the page's server data; on a refusal shows its field errors.
 */
export function useFormAction() {
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<FormStatusValue | null>(null);
  const [pending, startTransition] = useTransition();
  const run = (action: () => Promise<ActionResult>, words: FormActionWords, onDone?: () => void) => {
    setErrors({});
    if (words.busy) setStatus({ tone: "info", text: words.busy });
    startTransition(async () => {
      try {
        const result = await action();
        if (result.ok) {
          setStatus({ tone: "success", text: result.message ?? words.done });
          onDone?.();
          router.refresh();
          return;
        }
        setErrors(result.fieldErrors ?? {});
        setStatus({ tone: "error", text: result.message ?? words.notDone });
      } catch {
        setStatus({ tone: "error", text: "Could not reach the dashboard. Try again." });
      }
    });
  };
  return { errors, status, pending, run };
}
