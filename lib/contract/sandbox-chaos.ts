/**
 * Callback chaos (issue 9 §1): the sandbox delivers an order's callbacks spoiled on purpose, so a receiver
 * can be tested against what real networks and providers do. Chosen per request (the X-Sandbox-Chaos
 * header, which the real service ignores), per order (POST /sandbox/orders/{id}/chaos) or per account (the
 * accounts file's `chaos`). Seeded: which callbacks are spoiled and the retry jitter are a function of the
 * seed and the order's paymentId, so a run that keeps its seed and paymentIds is replayed exactly.
 */
import { z } from "zod";

export const CHAOS_MODES = [
  /** Delivered twice: the same webhook-id, body and signatures, right after the first 2xx. */
  "duplicate",
  /** An older status after the newer one: once the real callback is delivered, a correctly signed
   * callback with status "In progress" and the order's creation time follows it. */
  "out-of-order",
  /** The first attempt is held back `delayMs`. */
  "late",
  /** The first sent attempt carries signatures made with a wrong secret; the retry is signed right. */
  "bad-signature",
  /** The first attempt is not sent at all (lost on the way); the retry is. */
  "drop",
  /** Only the contract's X-Client-Id + X-Signature, no Standard Webhooks headers. */
  "x-signature-only",
  /** Only the Standard Webhooks headers (webhook-id, -timestamp, -signature), no X-Signature. */
  "webhook-signature-only",
] as const;
export type ChaosMode = (typeof CHAOS_MODES)[number];

/** The request header that picks chaos for the order it creates. */
export const CHAOS_HEADER = "X-Sandbox-Chaos";
export const DEFAULT_CHAOS_DELAY_MS = 2_000;
export const MAX_CHAOS_DELAY_MS = 600_000;
export const MAX_CHAOS_SEED = 2_147_483_647;

export const sandboxChaosSchema = z
  .object(
    {
      modes: z
        .array(z.enum(CHAOS_MODES, { error: `Each must be one of ${CHAOS_MODES.join(", ")}` }), {
          error: 'Must be a list of modes, e.g. ["duplicate", "late"] ([] for none)',
        })
        .refine((m) => new Set(m).size === m.length, "Name each mode once")
        .refine(
          (m) => !(m.includes("x-signature-only") && m.includes("webhook-signature-only")),
          "x-signature-only and webhook-signature-only exclude each other",
        )
        .meta({ description: `What to do to the callbacks: any of ${CHAOS_MODES.join(", ")}.` }),
      seed: z
        .number({ error: "Must be a whole number" })
        .int("Must be a whole number")
        .min(0, `Must be from 0 to ${MAX_CHAOS_SEED}`)
        .max(MAX_CHAOS_SEED, `Must be from 0 to ${MAX_CHAOS_SEED}`)
        .optional()
        .meta({
          description: "Makes the choices replayable; a random one is picked (and shown) when absent.",
        }),
      probability: z
        .number({ error: "Must be a number above 0 and at most 1" })
        .gt(0, "Must be a number above 0 and at most 1")
        .max(1, "Must be a number above 0 and at most 1")
        .optional()
        .meta({ description: "The share of orders whose callbacks get each mode (default 1: all)." }),
      delayMs: z
        .number({ error: `Must be a whole number of ms from 0 to ${MAX_CHAOS_DELAY_MS}` })
        .int(`Must be a whole number of ms from 0 to ${MAX_CHAOS_DELAY_MS}`)
        .min(0, `Must be a whole number of ms from 0 to ${MAX_CHAOS_DELAY_MS}`)
        .max(MAX_CHAOS_DELAY_MS, `Must be a whole number of ms from 0 to ${MAX_CHAOS_DELAY_MS}`)
        .optional()
        .meta({
          description: `How long "late" holds the first attempt (default ${DEFAULT_CHAOS_DELAY_MS}).`,
        }),
    },
    { error: 'Must be a JSON object, e.g. { "modes": ["duplicate"], "seed": 7 }' },
  )
  .strict()
  .meta({ description: "Sandbox test control: how to spoil an order's callbacks on purpose." });
export type SandboxChaos = z.infer<typeof sandboxChaosSchema>;

/** Chaos as an order holds it: every setting decided (the seed too, so the run can be replayed). */
export interface ResolvedChaos {
  modes: ChaosMode[];
  seed: number;
  probability: number;
  delayMs: number;
}

export const resolvedChaosSchema = z
  .object({
    modes: z.array(z.enum(CHAOS_MODES)),
    seed: z.number().int(),
    probability: z.number(),
    delayMs: z.number().int(),
  })
  .meta({ description: "The order's chaos with every setting decided; null when none." });

export function resolveChaos(chaos: SandboxChaos, randomSeed: () => number): ResolvedChaos {
  return {
    modes: chaos.modes,
    seed: chaos.seed ?? randomSeed(),
    probability: chaos.probability ?? 1,
    delayMs: chaos.delayMs ?? DEFAULT_CHAOS_DELAY_MS,
  };
}

export type ChaosHeaderResult =
  | { ok: true; chaos: SandboxChaos }
  | { ok: false; errors: { path: string; message: string }[] };

const HEADER_KEYS = { seed: "seed", probability: "probability", delayMs: "delayMs" } as const;

/**
 * The X-Sandbox-Chaos header: modes separated by commas ("none" for none, overriding the account's), then
 * optional `; key=value` settings, e.g. `duplicate, late; seed=7; delayMs=1500; probability=0.5`.
 * Errors name the header (and the setting).
 */
export function parseChaosHeader(value: string): ChaosHeaderResult {
  const [modesPart = "", ...settings] = value.split(";");
  const names = modesPart
    .split(",")
    .map((m) => m.trim())
    .filter(Boolean);
  const body: Record<string, unknown> = { modes: names.length === 1 && names[0] === "none" ? [] : names };
  const errors: { path: string; message: string }[] = [];
  for (const setting of settings) {
    if (!setting.trim()) continue;
    const [rawKey = "", rawValue] = setting.split("=");
    const key = HEADER_KEYS[rawKey.trim() as keyof typeof HEADER_KEYS];
    if (!key || rawValue === undefined || rawValue.trim() === "") {
      errors.push({
        path: CHAOS_HEADER,
        message: `"${setting.trim()}" is not a setting: use seed=, probability= or delayMs= with a value`,
      });
      continue;
    }
    body[key] = Number(rawValue.trim());
  }
  if (names.length === 0) errors.push({ path: CHAOS_HEADER, message: 'Name the modes, or "none"' });
  if (errors.length > 0) return { ok: false, errors };
  const parsed = sandboxChaosSchema.safeParse(body);
  if (parsed.success) return { ok: true, chaos: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => ({
      path: [CHAOS_HEADER, issue.path[0] === "modes" ? undefined : issue.path[0]].filter(Boolean).join("."),
      message: issue.message,
    })),
  };
}

/** The X-Sandbox-Chaos header that asks for `chaos` (parseChaosHeader's inverse). */
export function formatChaosHeader(chaos: SandboxChaos): string {
  const settings = (Object.keys(HEADER_KEYS) as (keyof typeof HEADER_KEYS)[])
    .filter((key) => chaos[key] !== undefined)
    .map((key) => `; ${key}=${chaos[key]}`);
  return (chaos.modes.length > 0 ? chaos.modes.join(", ") : "none") + settings.join("");
}
