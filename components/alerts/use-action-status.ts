"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { FormStatusValue } from "@/components/forms/form-status";
import type { ActionResult } from "@/lib/actions/action-result";

/**
 * A button's server action with its status line: runs it, shows its message, refreshes the page's server
 * data. `busy`: the line while it runs.
 */
export function useActionStatus() {
  const router = useRouter();
  const [status, setStatus] = useState<FormStatusValue | null>(null);
  const [pending, startTransition] = useTransition();
  const run = (action: () => Promise<ActionResult>, busy?: string) => {
    if (busy) setStatus({ tone: "info", text: busy });
    startTransition(async () => {
      try {
        const result = await action();
        setStatus({ tone: result.ok ? "success" : "error", text: result.message ?? "" });
        router.refresh();
      } catch {
        setStatus({ tone: "error", text: "Could not reach the dashboard. Try again." });
      }
    });
  };
  return { status, pending, run };
}
