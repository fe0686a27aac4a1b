/**
 * The proof a change to one's own second factors needs (docs/security.md, Step-up): the same step-up as
 * approving a pay-out. Without it a stolen session could add its own authenticator app (and then pass every
 * step-up) or remove the owner's factors. A refusal names its field; the caller then changes nothing.
 */
import "server-only";
import { type StepUpProof, type StepUpPurpose, verifyStepUp } from "../step-up";
import type { SecondFactorDeps } from "./deps";

export type { StepUpProof } from "../step-up";

export type StepUpRefusal = { ok: false; fieldErrors: Record<string, string>; message: string };

/** Null when the step-up holds (wrong passwords and codes count against step-up's own limits). */
export async function refusedStepUp(
  deps: SecondFactorDeps,
  userId: string,
  proof: StepUpProof,
  now: Date,
  purpose: StepUpPurpose = "act",
): Promise<StepUpRefusal | null> {
  const checked = await verifyStepUp(deps.sql, userId, proof, now, async () => deps, purpose);
  return checked.ok ? null : { ok: false, fieldErrors: checked.fieldErrors, message: checked.message };
}
