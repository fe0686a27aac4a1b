/**
 * Shared fast-check generators for the hostile-input fuzz tests (issue 8): request bodies built from a valid
 * sample and then broken the ways an attacker or a buggy client breaks them. Test-only.
 */
import fc from "fast-check";

/** The run's seed: FUZZ_SEED to replay one, else fresh. Printed by fast-check on failure, and here. */
export function fuzzSeed(): number {
  const fixed = Number(process.env.FUZZ_SEED);
  return Number.isInteger(fixed) ? fixed : Math.floor(Math.random() * 2 ** 31);
}

/**
 * How many cases a fuzz property runs: `ciRuns`, sized so the suite stays within its time on a 2-core CI
 * machine (every run draws a fresh seed, so coverage adds up across runs), or FUZZ_RUNS to run more.
 */
export function fuzzRuns(ciRuns: number): number {
  const wanted = Number(process.env.FUZZ_RUNS);
  return Number.isInteger(wanted) && wanted > 0 ? wanted : ciRuns;
}

/** Runs `property` with the seed in every failure message (fast-check's report names the seed and path). */
export async function assertFuzz<T>(
  label: string,
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => Promise<void>,
  numRuns: number,
): Promise<void> {
  const seed = fuzzSeed();
  try {
    await fc.assert(fc.asyncProperty(arbitrary, check), { seed, numRuns, endOnFailure: true });
  } catch (error) {
    console.error(`${label}: fuzz failed; replay with FUZZ_SEED=${seed}`);
    throw error;
  }
}

/** Strings the product refuses, and their neighbours it accepts. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "a\u0000b",
    "\u0000",
    "\ud800",
    "x\udc00y",
    "\udfff\ud800",
    "😀",
    "\ufffd",
    "",
    " ",
    "\u202e",
  ),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.string({ unit: fc.constantFrom("\u0000", "\ud800", "\udc00", "a", "%", "\\", '"'), maxLength: 12 }),
  fc.constant("x".repeat(5_000)),
);

/** Any JSON-ish value, with nasty strings among the leaves. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, true, 0, -0, 1e308, -1, 1.5, Number.MAX_SAFE_INTEGER + 2, [], {}),
  fc.double(),
);

/** Amount literals as text, so a JSON body carries them exactly as written. */
export const amountLiteral: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "99.99999999999999999",
    "1500.0000000000001",
    "1500.000",
    "1e3",
    "1E+3",
    "-0",
    "0",
    "-1500",
    "1500.5",
    "1500.25",
    "1e400",
    "0.001",
    "123456789012345678901234567890",
  ),
  fc
    .tuple(
      fc.integer({ min: 0, max: 100_000 }),
      fc.integer({ min: 0, max: 999_999 }),
      fc.integer({ min: 0, max: 6 }),
    )
    .map(([whole, frac, digits]) =>
      digits === 0 ? String(whole) : `${whole}.${String(frac).padStart(6, "0").slice(0, digits)}`,
    ),
);

/** A dotted path into `value` (an existing key or a new one), for a targeted change. */
export function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== "object" || value === null) return [prefix];
  const out: string[][] = [prefix];
  for (const [key, child] of Object.entries(value)) out.push(...pathsOf(child, [...prefix, key]));
  return out;
}

/** `value` with the thing at `path` replaced (or removed when `replacement` is the REMOVE marker). */
export const REMOVE = Symbol("remove");
export function setPath(value: unknown, path: readonly string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement === REMOVE ? undefined : replacement;
  const [head, ...rest] = path as [string, ...string[]];
  const base: Record<string, unknown> =
    typeof value === "object" && value !== null ? { ...(value as Record<string, unknown>) } : {};
  const next = setPath(base[head], rest, replacement);
  if (next === undefined && rest.length === 0 && replacement === REMOVE) delete base[head];
  else base[head] = next;
  return base;
}

/** Nesting `depth` arrays deep (JSON text), for deep-body cases. */
export const deepJson = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

/** Bytes as %XX escapes (a path segment or query value carrying exactly these bytes). */
export const percentEncode = (bytes: Uint8Array) =>
  [...bytes].map((b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`).join("");

/** A path segment as sent: broken escapes, overlong and surrogate UTF-8, any bytes, nasty text. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "%FF",
    "%00",
    "%C0%AF",
    "%ED%A0%80",
    "%",
    "%zz",
    "abc",
    "00000000-0000-4000-8000-000000000000",
  ),
  fc.uint8Array({ maxLength: 12 }).map(percentEncode),
  nastyString.map((s) => percentEncode(Buffer.from(s))),
);
