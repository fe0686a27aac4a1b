/**
 * What every API request passes before its handler: body size (413), authentication (401), rate limit
 * (429), content type (415), UTF-8 and JSON syntax (400) and the text rule (400: no NUL, no unpaired
 * surrogate anywhere in the body), in that order.
 */
import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import { findBadText } from "@/lib/contract";
import { readBodyWithin } from "@/lib/http/read-body-within";
import { verify } from "@/lib/signing";
import { bodyTooLarge } from "./body-limit";
import type { Merchant, SandboxContext } from "./context";
import { problem, problemResponse, validationProblem } from "./problems";
import { countRequest } from "./store/limits";

export type SandboxEnv = { Bindings: HttpBindings };
export type SandboxHttpContext = Context<SandboxEnv>;

export class Refusal {
  constructor(readonly response: Response) {}
}

const refuse = (...args: Parameters<typeof problem>) => new Refusal(problemResponse(problem(...args)));

/** Reads at most `limit` bytes of the body, counted as they arrive; a Refusal (413) beyond that. */
async function readBody(c: SandboxHttpContext, limit: number): Promise<Uint8Array | Refusal> {
  const body = await readBodyWithin(c.req.raw, limit);
  if (!body.ok) return new Refusal(bodyTooLarge(limit));
  return body.bytes;
}

function authenticate(ctx: SandboxContext, c: SandboxHttpContext, message: string | Uint8Array) {
  const clientId = c.req.header("x-client-id");
  if (!clientId) return refuse(401, "unauthorized", "Missing X-Client-Id header");
  const secret = ctx.opts.accounts.get(clientId);
  if (secret === undefined) return refuse(401, "unauthorized", "Unknown X-Client-Id");
  const signature = c.req.header("x-signature");
  if (!signature) return refuse(401, "unauthorized", "Missing X-Signature header");
  if (!verify(secret, message, signature.toLowerCase()))
    return refuse(401, "unauthorized", "X-Signature does not match the request (see README: signing)");
  return { clientId, secret } satisfies Merchant;
}

async function rateLimit(ctx: SandboxContext, clientId: string): Promise<Refusal | undefined> {
  const { rateLimit: limit, rateLimitWindowMs: windowMs } = ctx.opts;
  if (limit <= 0) return undefined;
  const now = ctx.opts.now().getTime();
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const count = await countRequest(ctx.db, clientId, new Date(windowStart));
  if (count <= limit) return undefined;
  const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
  return new Refusal(
    problemResponse(
      problem(429, "rate-limited", `At most ${limit} requests per ${windowMs / 1000} s per client id`),
      { "retry-after": String(retryAfter) },
    ),
  );
}

export interface AdmitOptions {
  /** Count the request against the client's rate limit (API routes; not the test controls). */
  limited: boolean;
}

/** POST: returns the merchant and the parsed JSON body, or a Refusal. */
export async function admitPost(
  ctx: SandboxContext,
  c: SandboxHttpContext,
  { limited }: AdmitOptions,
): Promise<{ merchant: Merchant; json: unknown; text: string } | Refusal> {
  const body = await readBody(c, ctx.opts.bodyLimitBytes);
  if (body instanceof Refusal) return body;
  const merchant = authenticate(ctx, c, body);
  if (merchant instanceof Refusal) return merchant;
  if (limited) {
    const limitedOut = await rateLimit(ctx, merchant.clientId);
    if (limitedOut) return limitedOut;
  }
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json")
    return refuse(415, "unsupported-media-type", "Content-Type must be application/json");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
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
  if (bad) return new Refusal(problemResponse(validationProblem([bad])));
  return { merchant, json, text };
}

/** The request path and query exactly as the client sent them (what a GET signature covers). */
export function pathAsSent(c: SandboxHttpContext): string {
  const raw = (c.env as Partial<HttpBindings> | undefined)?.incoming?.url;
  if (raw?.startsWith("/")) return raw;
  const url = new URL(c.req.url);
  return url.pathname + url.search;
}

/** GET: returns the merchant, or a Refusal. */
export async function admitGet(
  ctx: SandboxContext,
  c: SandboxHttpContext,
  { limited }: AdmitOptions,
): Promise<Merchant | Refusal> {
  const merchant = authenticate(ctx, c, pathAsSent(c));
  if (merchant instanceof Refusal) return merchant;
  if (limited) {
    const limitedOut = await rateLimit(ctx, merchant.clientId);
    if (limitedOut) return limitedOut;
  }
  return merchant;
}
