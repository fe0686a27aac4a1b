import type { PaymentCaseState } from "@/lib/database/dashboard/schema";

export const CASE_STATE_TEXT: Record<PaymentCaseState, string> = {
  open: "Open",
  found: "Found",
  not_found: "Not found",
};

// The badge colours of the order statuses that read the same (app/globals.css keys them by data-status).
const TONE: Record<PaymentCaseState, string> = {
  open: "Awaiting approval",
  found: "Success",
  not_found: "Failed",
};

export function CaseStateBadge({ state }: { state: PaymentCaseState }) {
  return (
    <span className="badge" data-status={TONE[state]}>
      {CASE_STATE_TEXT[state]}
    </span>
  );
}

/** Who closed a case: a staff member, or the order's Success (closedBy null, closedAt set). */
export function closedByText(c: { state: PaymentCaseState; closedByEmail: string | null }): string {
  if (c.state === "open") return "—";
  return c.closedByEmail ?? "automatically: the order became Success";
}
