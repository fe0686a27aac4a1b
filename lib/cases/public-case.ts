/**
 * The case as the pay page shows it, on the wire (GET /api/pay/[token] `case`, POST …/case): its state and
 * times only — the reference and the notes never go back out. Plain module: the page's client reads it.
 */
export type PublicCaseState = "open" | "found" | "not_found";

export interface PublicCase {
  state: PublicCaseState;
  submittedAt: string;
  closedAt: string | null;
}

/** Why a submission was refused, as codes the page words in its language. */
export type CaseRefusal =
  | { error: "invalid"; fields: { reference?: string; note?: string } }
  | { error: "rateLimited"; retryAfterSeconds: number }
  | { error: "closed" }
  | { error: "tooMany" }
  | { error: "tooLarge" }
  | { error: "notFound" };

export function toPublicCase(row: { state: string; submittedAt: Date; closedAt: Date | null }): PublicCase {
  return {
    state: row.state as PublicCaseState,
    submittedAt: row.submittedAt.toISOString(),
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
  };
}
