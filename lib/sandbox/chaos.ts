/**
 * Callback chaos (lib/contract/sandbox-chaos.ts): which callbacks get which mode, and what an attempt does.
 * Every choice is drawn from the seed and the order's paymentId (never Math.random), so a run that keeps its
 * seed and paymentIds is replayed exactly.
 */
import { createHmac, randomInt } from "node:crypto";
import {
  type ChaosMode,
  MAX_CHAOS_SEED,
  parseChaosHeader,
  type ResolvedChaos,
  resolveChaos,
  type SandboxChaos,
} from "@/lib/contract";
import type { CallbackChaos } from "@/lib/database/sandbox/schema";

/** A number in [0, 1) drawn from the seed for `paymentId` and `what`: the same inputs, the same number. */
export function chaosDraw(seed: number, paymentId: string, what: string): number {
  const digest = createHmac("sha256", String(seed)).update(`${paymentId}\n${what}`).digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

export const randomChaosSeed = () => randomInt(0, MAX_CHAOS_SEED);

/**
 * The order's chaos: the X-Sandbox-Chaos header when sent ("none" turns the account's off), otherwise the
 * account's configured chaos; null for none. A malformed header is an error naming it.
 */
export function chaosForNewOrder(
  header: string | undefined,
  accountChaos: SandboxChaos | undefined,
): { ok: true; chaos: ResolvedChaos | null } | { ok: false; errors: { path: string; message: string }[] } {
  let chosen = accountChaos;
  if (header !== undefined) {
    const parsed = parseChaosHeader(header);
    if (!parsed.ok) return parsed;
    chosen = parsed.chaos;
  }
  return { ok: true, chaos: orderChaos(chosen) };
}

/** Chaos with every setting decided, or null when it names no mode. */
export function orderChaos(chaos: SandboxChaos | undefined): ResolvedChaos | null {
  if (!chaos || chaos.modes.length === 0) return null;
  return resolveChaos(chaos, randomChaosSeed);
}

/** The modes the order's status callback gets: each with the order's probability, drawn from its seed. */
export function chaosForCallback(chaos: ResolvedChaos | null, paymentId: string): CallbackChaos | null {
  if (!chaos) return null;
  const modes = chaos.modes.filter((mode) => chaosDraw(chaos.seed, paymentId, mode) < chaos.probability);
  return modes.length > 0 ? { modes, seed: chaos.seed, delayMs: chaos.delayMs } : null;
}

/** The callback "out-of-order" sends after the real one: same signatures' style, nothing else spoiled. */
export function staleChaos(chaos: CallbackChaos): CallbackChaos {
  const styles = chaos.modes.filter((m) => m === "x-signature-only" || m === "webhook-signature-only");
  return { ...chaos, modes: ["stale", ...styles] };
}

/** Spoiled attempts come first, in this order: a dropped one, then a badly signed one. */
const SPOILERS = ["drop", "bad-signature"] as const satisfies readonly ChaosMode[];
export type Spoiler = (typeof SPOILERS)[number];

/** What spoils attempt number `attempt` (1-based) of a callback, if anything. */
export function spoilerOf(chaos: CallbackChaos | null, attempt: number): Spoiler | undefined {
  if (!chaos) return undefined;
  return SPOILERS.filter((s) => chaos.modes.includes(s))[attempt - 1];
}

export function has(chaos: CallbackChaos | null, mode: ChaosMode | "stale"): boolean {
  return chaos?.modes.includes(mode) ?? false;
}
