/**
 * The one answer of every server action (lib/actions/define-action.ts), read by every form. Plain module:
 * client components import it.
 *
 * `Ok` is what a success carries besides its message (an order's id, a one-time password); `Fail` what a
 * failure may carry (an order saved even so): always optional on a failure, since the wrapper's own
 * refusals (signed out, bad input) carry none of it.
 */
export type ActionResult<
  Ok extends object = Record<never, never>,
  Fail extends object = Record<never, never>,
> =
  // Never set on a success: typed so that a form reads `state?.fieldErrors` without narrowing first.
  | ({ ok: true; message?: string; fieldErrors?: undefined; values?: undefined } & Ok)
  | ({
      ok: false;
      /** The form's status line. */
      message?: string;
      /** First message per field, by the form's field name (the contract's path, "payoutDetails.ccNo");
       *  an error about the whole input is under "(form)". */
      fieldErrors?: Record<string, string>;
      /** What was typed, echoed back so a form that posted without JavaScript keeps it (never a password). */
      values?: Record<string, string>;
    } & Partial<Fail>);

export type ActionFailure = Extract<ActionResult, { ok: false }>;
