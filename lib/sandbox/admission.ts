/**
 * What every API request passes before its handler, as Hono middleware: body size (413), authentication
 * (401; 429 after too many wrong signatures: auth-throttle.ts), rate limit (429), content type (415), UTF-8 and JSON syntax (400) and the text rule (400: no NUL,
 * no unpaired surrogate anywhere in the body), in that order. An admitted request carries the merchant
 * (c.get("merchant")) and, for a POST, the parsed body (c.get("json"), c.get("text")).
 */
import type { HttpBindings } from "@hono/node-server";
import type { Context, MiddlewareHandler } from "hono";
import { findBadText } from "@/lib/contract";
import { readBodyWithin, readIncomingWithin } from "@/lib/http/read-body-within";
import { verify } from "@/lib/signing";
import { clientAddress, fixedWindow } from "./auth-throttle";
import { bodyTooLarge } from "./body-limit";
import type { Merchant, SandboxContext } from "./context";
import type { AdmittedPostEnv, MerchantEnv } from "./http-env";
import { problem, problemResponse, validationProblem } from "./problems";
import { countRequest } from "@/lib/database/sandbox/limits";

const refuse = (...args: Parameters<typeof problem>) => problemResponse(problem(...args));

async function authenticate(
  ctx: SandboxContext,
  c: Context,
  message: string | Uint8Array,
): Promise<Merchant | Response> {
  const clientId = c.req.header("x-client-id");
  if (!clientId) return refuse(401, "unauthorized", "Missing X-Client-Id header");
  const address = clientAddress(c);
  await ctx.throttle.refresh();
  const account = await ctx.accounts.find(clientId);
  // From here to the count of a failure, no await: parallel guesses see each other's failures.
  const throttled = ctx.throttle.refusal(account && clientId, address);
  if (throttled) return throttled;
  if (account === undefined) {
    await ctx.throttle.failed(undefined, address);
    return refuse(401, "unauthorized", "Unknown X-Client-Id");
  }
  const signature = c.req.header("x-signature");
  if (!signature) return refuse(401, "unauthorized", "Missing X-Signature header");
  const { secret, nextSecret: next } = account;
  const given = signature.toLowerCase();
  if (!verify(secret, message, given) && (next === undefined || !verify(next, message, given))) {
    await ctx.throttle.failed(clientId, address);
    return refuse(
      401,
      "unauthorized",
      "X-Signature does not match the request (see docs/qa.md, Signing a request)",
    );
  }
  ctx.accounts.seen(account);
  return account;
}

async function rateLimit(ctx: SandboxContext, clientId: string): Promise<Response | undefined> {
  const { rateLimit: limit, rateLimitWindowMs: windowMs } = ctx.opts;
  if (limit <= 0) return undefined;
  const window = fixedWindow(ctx.opts.now().getTime(), windowMs);
  const count = await countRequest(ctx.db, clientId, new Date(window.start));
  if (count <= limit) return undefined;
  const retryAfter = window.retryAfterSeconds;
  return problemResponse(
    problem(429, "rate-limited", `At most ${limit} requests per ${windowMs / 1000} s per client id`),
    { "retry-after": String(retryAfter) },
  );
}

/** Strict UTF-8, made once (a decoder made for each request showed in the create path's profile). */
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The body as JSON under the content-type, UTF-8, syntax and text rules, or the 415/400 refusal. */
function parseJsonBody(c: Context, body: Uint8Array): { json: unknown; text: string } | Response {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json")
    return refuse(415, "unsupported-media-type", "Content-Type must be application/json");
  let text: string;
  try {
    text = strictUtf8.decode(body);
  } catch {
    return refuse(400, "malformed-json", "The request body is not valid UTF-8", [
      { path: "(body)", message: "Must be UTF-8 encoded JSON" },
    ]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse(400, "malformed-json", "The request body is not well-formed JSON", [
      { path: "(body)", message: "Must be a JSON object" },
    ]);
  }
  // One text rule for every string of every request, before any handler or database sees it.
  const bad = findBadText(json);
  if (bad) return problemResponse(validationProblem([bad]));
  return { json, text };
}

export interface AdmitOptions {
  /** Count the request against the client's rate limit (API routes; not the test controls). */
  limited: boolean;
}

/** POST: admits a signed JSON request (merchant, json and text in the context) or answers the refusal. */
export function admitPost(
  ctx: SandboxContext,
  { limited }: AdmitOptions,
): MiddlewareHandler<AdmittedPostEnv> {
  return async (c, next) => {
    // The body is counted as it arrives (lib/http): Hono's bodyLimit trusts a declared Content-Length.
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    const body = incoming
      ? await readIncomingWithin(incoming, ctx.opts.bodyLimitBytes)
      : await readBodyWithin(c.req.raw, ctx.opts.bodyLimitBytes);
    if (!body.ok) return bodyTooLarge(ctx.opts.bodyLimitBytes);
    const merchant = await authenticate(ctx, c, body.bytes);
    if (merchant instanceof Response) return merchant;
    if (limited) {
      const limitedOut = await rateLimit(ctx, merchant.clientId);
      if (limitedOut) return limitedOut;
    }
    const parsed = parseJsonBody(c, body.bytes);
    if (parsed instanceof Response) return parsed;
    c.set("merchant", merchant);
    c.set("json", parsed.json);
    c.set("text", parsed.text);
    // The route's schema validator (app.ts) reads the body through Hono's request, whose stream was consumed
    // above: it gets the text checked and signed here. (Hono caches bodies as promises; its type says string.)
    c.req.bodyCache.text = Promise.resolve(parsed.text) as unknown as string;
    await next();
  };
}

/** GET (and DELETE): admits a request signed over its path (merchant in the context) or answers the refusal. */
export function admitGet(ctx: SandboxContext, { limited }: AdmitOptions): MiddlewareHandler<MerchantEnv> {
  return async (c, next) => {
    const merchant = await authenticate(ctx, c, pathAsSent(c));
    if (merchant instanceof Response) return merchant;
    if (limited) {
      const limitedOut = await rateLimit(ctx, merchant.clientId);
      if (limitedOut) return limitedOut;
    }
    c.set("merchant", merchant);
    await next();
  };
}

/** The request path and query exactly as the client sent them (what a GET signature covers). */
export function pathAsSent(c: Context): string {
  const raw = (c.env as Partial<HttpBindings> | undefined)?.incoming?.url;
  if (raw?.startsWith("/")) return raw;
  const url = new URL(c.req.url);
  return url.pathname + url.search;
}
