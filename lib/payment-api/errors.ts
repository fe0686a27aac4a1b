/**
 * Typed errors of the payment service client. Every failure a call can end in is one of these four, so
 * callers branch on `instanceof` (or `kind`) and on `retryable`, never on message text.
 *
 * `retryable` answers "may the same request (same paymentId, same body) be sent again later?" — the client
 * has already spent its own attempts (`attempts`) when one of these reaches the caller.
 */
import "server-only";
import type { z } from "zod";
import type { FieldError, Problem } from "@/lib/contract";

export type PaymentApiErrorKind = "problem" | "timeout" | "network" | "contract";

/** A plain, JSON-safe description of an error, for storing (orders.last_error) or logging. */
export interface PaymentApiErrorJson {
  kind: PaymentApiErrorKind;
  message: string;
  retryable: boolean;
  attempts: number;
  /** "POST /api/v1/payin/create" — never the body, which may hold card numbers. */
  request: string;
  status?: number;
  problem?: Problem;
  /** A 429's or 503's Retry-After, in milliseconds. */
  retryAfterMs?: number;
  issues?: FieldError[];
}

/** Marks an error made by any copy of these classes (see `Symbol.hasInstance` below). */
const BRAND = Symbol.for("payorders.payment-api-error");

export abstract class PaymentApiError extends Error {
  /** The kind every instance of this class has; undefined on the base, which stands for all four. */
  static readonly classKind: PaymentApiErrorKind | undefined = undefined;

  /**
   * `instanceof` by brand and kind rather than by prototype. Next.js bundles instrumentation.ts (which
   * starts the runtime, and so makes the payment client) apart from the routes and server actions, each
   * with its own copy of this module: an error the client throws comes from another copy of these classes
   * than the one a server action checks against.
   */
  static [Symbol.hasInstance](this: { classKind?: PaymentApiErrorKind }, value: unknown): boolean {
    if (typeof value !== "object" || value === null || !(BRAND in value)) return false;
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` names (base or subclass).
    return this.classKind === undefined || (value as { kind?: unknown }).kind === this.classKind;
  }

  readonly [BRAND] = true;
  abstract readonly kind: PaymentApiErrorKind;
  readonly retryable: boolean;
  /**
   * How many HTTP attempts the client made before giving up; with a caller's own retries of the call
   * (the batch sender's), all of them (addEarlierAttempts).
   */
  attempts: number;
  /** Method and path of the failed call, e.g. "GET /api/v1/bank/available?country=RU". */
  readonly request: string;

  protected constructor(
    message: string,
    opts: { retryable: boolean; attempts: number; request: string; cause?: unknown },
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = new.target.name;
    this.retryable = opts.retryable;
    this.attempts = opts.attempts;
    this.request = opts.request;
  }

  /** Counts the attempts of earlier calls of the same request (a caller's own retries) in `attempts`. */
  addEarlierAttempts(n: number): this {
    this.attempts += n;
    return this;
  }

  toJSON(): PaymentApiErrorJson {
    return {
      kind: this.kind,
      message: this.message,
      retryable: this.retryable,
      attempts: this.attempts,
      request: this.request,
    };
  }
}

/** The service answered with an error status; `problem` is its RFC 9457 body (synthesised if it sent none). */
export class PaymentApiProblemError extends PaymentApiError {
  static override readonly classKind = "problem";
  readonly kind = "problem";
  readonly status: number;
  readonly problem: Problem;
  /** How long the service asked to wait before sending again (its Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(
    problem: Problem,
    opts: { status: number; attempts: number; request: string; retryAfterMs?: number },
  ) {
    super(problemMessage(problem, opts.status), {
      // 5xx are faults on the service's side; a 4xx will fail the same way however often it is sent.
      retryable: opts.status >= 500,
      attempts: opts.attempts,
      request: opts.request,
    });
    this.status = opts.status;
    this.problem = problem;
    this.retryAfterMs = opts.retryAfterMs;
  }

  /** Failing fields named by the service (validation errors), `[]` when it named none. */
  get fieldErrors(): FieldError[] {
    return this.problem.errors ?? [];
  }

  override toJSON(): PaymentApiErrorJson {
    return {
      ...super.toJSON(),
      status: this.status,
      problem: this.problem,
      ...(this.retryAfterMs === undefined ? {} : { retryAfterMs: this.retryAfterMs }),
    };
  }
}

/** An attempt got no complete answer within the per-attempt timeout (and so did every retry). */
export class PaymentApiTimeoutError extends PaymentApiError {
  static override readonly classKind = "timeout";
  readonly kind = "timeout";
  readonly timeoutMs: number;

  constructor(opts: { timeoutMs: number; attempts: number; request: string; cause?: unknown }) {
    super(`The payment service did not answer within ${opts.timeoutMs} ms (${attemptsText(opts.attempts)})`, {
      retryable: true,
      ...opts,
    });
    this.timeoutMs = opts.timeoutMs;
  }
}

/** The service could not be reached (connection refused or reset, DNS failure, ...). */
export class PaymentApiNetworkError extends PaymentApiError {
  static override readonly classKind = "network";
  readonly kind = "network";
  /** The socket-level reason, e.g. "ECONNREFUSED (connect ECONNREFUSED 127.0.0.1:4010)". */
  readonly reason: string;

  constructor(opts: { attempts: number; request: string; cause: unknown }) {
    const reason = describeCause(opts.cause);
    super(`The payment service could not be reached: ${reason} (${attemptsText(opts.attempts)})`, {
      retryable: true,
      ...opts,
    });
    this.reason = reason;
  }
}

/** The service answered 2xx with a body that breaks the contract (not JSON, or not the documented shape). */
export class PaymentApiContractError extends PaymentApiError {
  static override readonly classKind = "contract";
  readonly kind = "contract";
  readonly status: number;
  /** What did not match, one entry per failing field (path "(body)" when the body is not JSON at all). */
  readonly issues: FieldError[];
  /** The zod issues themselves, when the body was JSON. */
  readonly zodIssues: z.core.$ZodIssue[];

  constructor(opts: {
    status: number;
    issues: FieldError[];
    zodIssues?: z.core.$ZodIssue[];
    attempts: number;
    request: string;
  }) {
    const first = opts.issues[0];
    const summary = first ? `${first.path}: ${first.message}` : "unexpected body";
    const more = opts.issues.length > 1 ? ` (and ${opts.issues.length - 1} more)` : "";
    super(`The payment service answered with a response that breaks the contract: ${summary}${more}`, {
      retryable: false,
      attempts: opts.attempts,
      request: opts.request,
    });
    this.status = opts.status;
    this.issues = opts.issues;
    this.zodIssues = opts.zodIssues ?? [];
  }

  override toJSON(): PaymentApiErrorJson {
    return { ...super.toJSON(), status: this.status, issues: this.issues };
  }
}

export function isPaymentApiError(error: unknown): error is PaymentApiError {
  return error instanceof PaymentApiError;
}

function problemMessage(problem: Problem, status: number): string {
  const head = `${status} ${problem.title}`;
  const detail = problem.detail ? `: ${problem.detail}` : "";
  const fields = problem.errors?.length
    ? ` [${problem.errors.map((e) => `${e.path}: ${e.message}`).join("; ")}]`
    : "";
  return `${head}${detail}${fields}`;
}

function attemptsText(attempts: number): string {
  return attempts === 1 ? "1 attempt" : `${attempts} attempts`;
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    // undici wraps the socket error: "fetch failed" with cause ECONNREFUSED etc.
    const inner = cause.cause;
    if (inner instanceof Error) {
      const code = (inner as Error & { code?: unknown }).code;
      return typeof code === "string" ? `${code} (${inner.message})` : inner.message;
    }
    return cause.message;
  }
  return String(cause);
}
