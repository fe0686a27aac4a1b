/**
 * Which reference a method's receipt carries (lib/cases/reference.ts checks it). Apart from the checks, so
 * the pay page's client bundle does not carry the method tables: the server picks the kind.
 */
import { isPayinMethod, PAYIN_METHOD_INFO } from "@/lib/contract/methods";
import type { ReferenceKind } from "./reference";

/** The kind of reference a receipt of this method carries. */
export function referenceKind(method: string): ReferenceKind {
  if (!isPayinMethod(method)) return "free";
  const details = PAYIN_METHOD_INFO[method].bankDetails;
  if (details === "pixQr") return "pix";
  // SBP by phone and NSPK QR payments are both SBP transfers: the receipt shows the SBP operation id.
  if (details === "phone" || details === "nspkQr") return "sbp";
  return "free";
}
