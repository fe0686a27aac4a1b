/**
 * The one wrapper of every server action: the same checks in the same order, one answer shape
 * (ActionResult). In order:
 * 1. the cross-origin rule proxy.ts applies to every page post (lib/security/same-origin), again here, so an
 *    action never runs for a request another site made, whatever the proxy's matcher covers;
 * 2. the session and role (lib/auth), before anything is read from the input;
 * 3. the input, parsed with the action's zod schema (the form's own): a refusal names each field;
 * 4. the handler, with the signed-in user (also as the acting user, lib/auth/acting-user).
 * Thrown errors pass through untouched: Next's redirect() is one.
 */
import "server-only";
import { headers } from "next/headers";
import type { z } from "zod";
import { SIGNED_OUT_MESSAGE } from "@/lib/auth/authorize";
import { runActingAs } from "@/lib/auth/acting-user";
import { inSpan, tracingOn } from "@/lib/observability/tracing";
import { authorizeRequest, getCurrentUser } from "@/lib/auth/current-user";
import type { Role } from "@/lib/auth/roles";
import type { CurrentUser } from "@/lib/auth/types";
import { fieldErrorMapFromZod } from "@/lib/orders/field-errors";
import { CROSS_ORIGIN_MESSAGE, isCrossOriginWrite } from "@/lib/security/same-origin";
import type { ActionFailure, ActionResult } from "./action-result";

export const CHECK_FIELDS_MESSAGE = "Check the highlighted fields.";

/**
 * Who may call it: the roles (a user who must change their password is refused, lib/auth/authorize);
 * "signed-in": anyone with a session, even one who must change their password (that is where they do it);
 * "public": no session needed (sign-in).
 */
export type Access = readonly Role[] | "signed-in" | "public";
type Context<A extends Access> = A extends "public" ? Record<never, never> : { user: CurrentUser };
type AnyResult = ActionResult<object, object>;

interface Common<A extends Access> {
  access: A;
  /**
   * With tracing on (lib/observability/tracing.ts), the action runs in a span of this name ("action
   * createPayin"): what it causes (the signed call to the payment service, its callback) joins that trace.
   */
  span?: string;
  /**
   * The status line of a refused input, besides the field errors: a text, one built from the field errors,
   * or null for none. Default CHECK_FIELDS_MESSAGE.
   */
  invalidMessage?: string | ((fieldErrors: Record<string, string>) => string) | null;
}

/** An action the client calls with values (the order forms): one schema per argument, in order. */
export function defineAction<A extends Access, const S extends readonly z.ZodType[], R extends AnyResult>(
  spec: Common<A> & {
    args: S;
    handler: (context: Context<A>, ...inputs: { [K in keyof S]: z.output<S[K]> }) => Promise<R>;
  },
): (...args: Partial<{ [K in keyof S]: unknown }>) => Promise<R | ActionFailure> {
  return async (...args) =>
    traced(spec, async () => {
      const checked = await admit(spec.access);
      if (!checked.ok) return checked;
      const inputs: unknown[] = [];
      let fieldErrors: Record<string, string> | undefined;
      spec.args.forEach((schema, i) => {
        const parsed = schema.safeParse(args[i]);
        if (parsed.success) inputs.push(parsed.data);
        // One answer names every refused field, whichever argument it is in.
        else fieldErrors = { ...fieldErrorMapFromZod(parsed.error), ...fieldErrors };
      });
      if (fieldErrors) return refusedInput(spec, fieldErrors);
      return asActor(checked.context, () =>
        spec.handler(checked.context as Context<A>, ...(inputs as { [K in keyof S]: z.output<S[K]> })),
      );
    });
}

/**
 * An action a <form> posts to (useActionState; works without JavaScript): `fromForm` picks the fields to
 * parse, `echo` what every refusal sends back so the form keeps what was typed.
 */
export function defineFormAction<A extends Access, S extends z.ZodType, R extends AnyResult>(
  spec: Common<A> & {
    schema: S;
    fromForm: (form: FormData) => unknown;
    echo?: (form: FormData) => Record<string, string>;
    /** `form`: for what is not input to validate (sign-in's `next`, a path it sanitises itself). */
    handler: (context: Context<A>, input: z.output<S>, form: FormData) => Promise<R>;
  },
): (previous: unknown, form: FormData) => Promise<R | ActionFailure> {
  return async (_previous, form) =>
    traced(spec, async () => {
      const checked = await admit(spec.access);
      if (!checked.ok) return checked;
      const values = spec.echo?.(form);
      const parsed = spec.schema.safeParse(spec.fromForm(form));
      if (!parsed.success) return withValues(refusedInput(spec, fieldErrorMapFromZod(parsed.error)), values);
      const result = await asActor(checked.context, () =>
        spec.handler(checked.context as Context<A>, parsed.data, form),
      );
      // Generic R does not narrow on `ok`: a failure is an ActionFailure by R's constraint.
      return result.ok ? result : withValues(result as ActionFailure, values);
    });
}

/** `run` in the action's span when it names one (and tracing is on), its outcome on the span. */
function traced<R extends AnyResult | ActionFailure>(
  spec: Common<Access>,
  run: () => Promise<R>,
): Promise<R> {
  if (!spec.span || !tracingOn()) return run();
  return inSpan(`action ${spec.span}`, { attributes: { "payorders.action": spec.span } }, async (span) => {
    const result = await run();
    span?.setAttribute("payorders.action.ok", result.ok);
    return result;
  });
}

/** Runs the handler as the signed-in user (lib/auth/acting-user), so what it causes is recorded as theirs. */
function asActor<T>(context: { user: CurrentUser } | Record<never, never>, fn: () => T): T {
  return "user" in context ? runActingAs(context.user.id, fn) : fn();
}

async function admit(
  access: Access,
): Promise<{ ok: true; context: { user: CurrentUser } | Record<never, never> } | ActionFailure> {
  if (isCrossOriginWrite("POST", await headers())) return { ok: false, message: CROSS_ORIGIN_MESSAGE };
  if (access === "public") return { ok: true, context: {} };
  if (access === "signed-in") {
    const user = await getCurrentUser();
    return user ? { ok: true, context: { user } } : { ok: false, message: SIGNED_OUT_MESSAGE };
  }
  const auth = await authorizeRequest([...access]);
  return auth.ok ? { ok: true, context: { user: auth.user } } : { ok: false, message: auth.message };
}

function refusedInput(spec: Common<Access>, fieldErrors: Record<string, string>): ActionFailure {
  const make = spec.invalidMessage === undefined ? CHECK_FIELDS_MESSAGE : spec.invalidMessage;
  const message = typeof make === "function" ? make(fieldErrors) : make;
  return message === null ? { ok: false, fieldErrors } : { ok: false, fieldErrors, message };
}

function withValues<F extends ActionFailure>(failure: F, values: Record<string, string> | undefined): F {
  return values && !failure.values ? { ...failure, values } : failure;
}
