/**
 * zod's `superRefine` and `.transform()`, without what they cost a 10,000-row pay-out file. Both write a
 * new `addIssue` closure onto every parse's payload, and with it V8 keeps about 1.8 MB of young garbage
 * alive at each scavenge (measured on 40,000 pay-out requests: 22 MB survived and the new space doubled
 * twice, against 0 and never with these), which showed in the file's RSS (docs/architecture.md, Memory of
 * the parse). `customCheck` hands its rule `addIssue` as an argument instead, and adds the issue
 * superRefine's would ("custom", not fatal: the other rules still run); `plainTransform` is zod core's own
 * transform, which writes nothing onto the payload (its function cannot add issues).
 */
import { z } from "zod";

export interface CustomIssue {
  /** Under the checked value; none for the value itself. */
  path?: PropertyKey[];
  message: string;
}

export function customCheck<T>(
  rule: (value: T, addIssue: (issue: CustomIssue) => void) => void,
  params: { when?: (payload: z.core.ParsePayload) => boolean } = {},
): z.core.$ZodCheck<T> {
  const check: z.core.$ZodCheck<T> = z.core._check<T>((payload) => {
    rule(payload.value, (issue) => {
      payload.issues.push({ code: "custom", input: payload.value, inst: check, continue: true, ...issue });
    });
  }, params);
  return check;
}

/** `.pipe(plainTransform(fn))` does what `.transform(fn)` does, for a `fn` that adds no issue. */
export function plainTransform<I, O>(fn: (input: I) => O): z.core.$ZodTransform<O, I> {
  return new z.core.$ZodTransform({
    type: "transform",
    transform: (input) => fn(input as I),
  }) as z.core.$ZodTransform<O, I>;
}
