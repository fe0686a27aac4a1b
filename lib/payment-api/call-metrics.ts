/** Each attempt of a call to the payment service, counted in the process's metrics (lib/observability/metrics.ts). */
import "server-only";
import { attemptOutcome, metrics } from "@/lib/observability/metrics";
import { callKindOf } from "./call-kinds";
import type { ApiAttempt } from "./http";

export function observeAttempt(a: ApiAttempt): void {
  const m = metrics();
  const kind = callKindOf(a.method, a.url);
  const outcome = attemptOutcome(a.status, a.errorKind);
  m.paymentApiDuration.observe({ kind, outcome }, a.latencyMs / 1000);
  if (outcome !== "2xx" && outcome !== "3xx") m.paymentApiErrors.inc({ kind, error: outcome });
}
