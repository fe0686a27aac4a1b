/**
 * GET /sandbox: a small operator page for QA — the account's recent orders with buttons that move them.
 * HTTP Basic auth with the account's client id and secret (browsers ask for it; wrong ones are throttled with
 * the API's wrong signatures: auth-throttle.ts); the buttons post a form, accepted only from this page's own
 * origin (Hono's csrf: no cross-site form posts).
 *
 * A QA run is an account of its own: `?account=<run client id>` (the configured account's page lists its runs
 * with such links) asks for that account's credentials. Its challenge names the account in the realm, and a
 * browser keeps one client id and secret per realm, so it asks afresh instead of resending the ones it has;
 * the page's forms and redirects keep `?account=`, so they stay on the account shown.
 */
import type { Context, MiddlewareHandler } from "hono";
import { basicAuth } from "hono/basic-auth";
import { csrf } from "hono/csrf";
import { html } from "hono/html";
import { canMoveTo, type FinalStatus, finalStatusesFor } from "@/lib/contract";
import { operatorMoveRoute, operatorPageRoute, operatorResendRoute } from "@/lib/contract/openapi";
import { isUuid } from "@/lib/contract/uuid";
import type { SandboxApp } from "../app";
import { clientAddress } from "../auth-throttle";
import { bodyWithin } from "../body-limit";
import { constantTimeEqual } from "../canonical";
import type { Merchant, SandboxContext } from "../context";
import { answeringRefusal } from "../hono-refusal";
import type { MerchantEnv, SandboxEnv } from "../http-env";
import { problem, problemResponse } from "../problems";
import { moveOrder } from "../service/move-order";
import { resendCallback } from "../service/resend-callback";
import { findOrder, listRecentOrders } from "@/lib/database/sandbox/orders";
import { listRequests } from "@/lib/database/sandbox/requests";
import { listRunsOf } from "@/lib/database/sandbox/runs";
import type { SandboxOrderRow, SandboxRequestRow, SandboxRunRow } from "@/lib/database/sandbox/schema";

/** A client id as it may stand in a quoted realm (ids are [A-Za-z0-9._-] in practice; anything else dropped). */
const realmSafe = (account: string) => account.replace(/[^\w.@-]/g, "").slice(0, 100);

const challenge = (account: string | undefined) =>
  new Response(
    account
      ? `Sign in with the client id and secret of ${account} (a run's are in what runs start printed)`
      : "Sign in with the merchant client id and secret",
    {
      status: 401,
      headers: {
        // A realm per account: the browser asks for this one's credentials instead of resending another's.
        "www-authenticate": `Basic realm="${account ? `sandbox ${realmSafe(account)}` : "sandbox"}", charset="UTF-8"`,
        "content-type": "text/plain",
      },
    },
  );

/** The account the page is asked for (`?account=`), if any. */
const wantedAccount = (c: Context) => c.req.query("account") || undefined;

/** A path of the page for the account shown: its forms and redirects stay on that account. */
const forAccount = (path: string, clientId: string) => `${path}?account=${encodeURIComponent(clientId)}`;

/** Basic auth against the sandbox's accounts; the merchant goes into the context. */
function merchantSignIn(ctx: SandboxContext): MiddlewareHandler<MerchantEnv> {
  return async (c, next) => {
    await ctx.throttle.refresh();
    let throttled: Response | undefined;
    const signIn = answeringRefusal<MerchantEnv>(
      basicAuth({
        verifyUser: async (clientId, secret, c) => {
          // Credentials of another account than the one asked for: ask for that one's (no failure counted).
          const wanted = wantedAccount(c);
          if (wanted !== undefined && wanted !== clientId) return false;
          const address = clientAddress(c);
          const account = await ctx.accounts.find(clientId);
          // From here to the count of a failure, no await: parallel guesses see each other's failures.
          throttled = ctx.throttle.refusal(account && clientId, address);
          if (throttled) return false;
          if (account === undefined) {
            await ctx.throttle.failed(undefined, address);
            return false;
          }
          const { secret: known, nextSecret: next } = account;
          if (!constantTimeEqual(known, secret) && (next === undefined || !constantTimeEqual(next, secret))) {
            await ctx.throttle.failed(clientId, address);
            return false;
          }
          ctx.accounts.seen(account);
          c.set("merchant", account);
          return true;
        },
      }),
      () => throttled ?? challenge(wantedAccount(c)),
    );
    return signIn(c, next);
  };
}

const sameOriginForms = answeringRefusal(csrf(), () =>
  problemResponse(problem(403, "forbidden", "Cross-origin form posts are refused")),
);

/** The button that moves an order to `status`: a pay-out is paid out (money leaves), a pay-in is paid. */
function actionLabel(direction: SandboxOrderRow["direction"], status: FinalStatus): string {
  if (status === "Success") return direction === "payout" ? "Mark paid out" : "Mark paid";
  return status === "Failed" ? "Fail" : "Expire";
}

function row(o: SandboxOrderRow) {
  const buttons =
    o.status === "In progress"
      ? finalStatusesFor(o.direction).map(
          (s) =>
            html`<form method="post" action="${forAccount(`/sandbox/ui/orders/${o.id}/status`, o.clientId)}"><input type="hidden" name="status" value="${s}"><button>${actionLabel(o.direction, s)}</button></form>`,
        )
      : o.postbackUrl
        ? html`<form method="post" action="${forAccount(`/sandbox/ui/orders/${o.id}/callbacks/resend`, o.clientId)}"><button>Send callback again</button></form>`
        : "";
  return html`<tr><td><code>${o.id}</code><br><small>${o.paymentId}</small></td><td>${o.direction}</td><td>${o.paymentMethod}</td><td>${o.finalAmount} ${o.currency ?? ""}</td><td>${o.country}</td><td>${o.status}</td><td>${o.createdAt.toISOString()}</td><td class="a">${buttons}</td></tr>\n`;
}

function requestRow(r: SandboxRequestRow) {
  return html`<tr><td>${r.at.toISOString()}</td><td>${r.method} <code>${r.path}</code></td><td>${r.status}</td><td>${r.verdict}${r.detail ? html`<br><small>${r.detail}</small>` : ""}</td><td>${r.latencyMs} ms</td><td>${r.orderId ? html`<code>${r.orderId}</code>` : ""}</td></tr>\n`;
}

/** For a configured account, its runs (each opens the page as that run); for a run, the way back. */
function accountsPart(merchant: Merchant, runs: SandboxRunRow[]) {
  if (merchant.runOf !== undefined)
    return html`<p>A QA run of <code>${merchant.runOf}</code>: its own orders and requests. <a href="${forAccount("/sandbox", merchant.runOf)}">Back to ${merchant.runOf}</a> (asks for its credentials).</p>`;
  const items = runs.map(
    (r) =>
      html`<li><a href="${forAccount("/sandbox", r.clientId)}"><code>${r.clientId}</code></a>${r.label ? html` — ${r.label}` : ""} <small>started ${r.createdAt.toISOString()}, last used ${r.lastSeenAt.toISOString()}</small></li>`,
  );
  return html`<h2>QA runs</h2><p>Each run is an account of its own; opening one asks for that run's client id and secret (what <code>runs start</code> printed).</p>
${items.length > 0 ? html`<ul>${items}</ul>` : html`<p>No runs of this account now.</p>`}
<form method="get" action="/sandbox"><label>Another account or run: <input name="account" placeholder="run-…" required></label> <button>Open</button></form>`;
}

function page(
  merchant: Merchant,
  orders: SandboxOrderRow[],
  requests: SandboxRequestRow[],
  runs: SandboxRunRow[],
) {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox orders</title><style>
body{font:14px system-ui,sans-serif;margin:1.5rem;color:#111}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}
.a form{display:inline}button{margin:0 .25rem .25rem 0;padding:.25rem .6rem;cursor:pointer}small{color:#555}</style></head><body>
<h1>Sandbox orders</h1><p>Account <code>${merchant.clientId}</code> — the 50 most recent orders. <a href="${forAccount("/sandbox", merchant.clientId)}">Refresh</a></p>
${accountsPart(merchant, runs)}
<table><thead><tr><th>Order / paymentId</th><th>Type</th><th>Method</th><th>Amount</th><th>Country</th><th>Status</th><th>Created</th><th>Move to</th></tr></thead><tbody>
${orders.length > 0 ? orders.map(row) : html`<tr><td colspan="8">No orders yet.</td></tr>`}
</tbody></table>
<h2>Recent requests</h2><p>The 20 most recent requests of this account and what each got (all of them: <code>GET /sandbox/requests</code>).</p>
<table><thead><tr><th>Answered</th><th>Request</th><th>Status</th><th>Verdict</th><th>Latency</th><th>Order</th></tr></thead><tbody>
${requests.length > 0 ? requests.map(requestRow) : html`<tr><td colspan="6">No requests yet.</td></tr>`}
</tbody></table></body></html>`;
}

export function operatorRoutes(app: SandboxApp, ctx: SandboxContext): void {
  // The body is counted before anything else reads it (Hono's bodyLimit trusts a declared Content-Length).
  const formPost: [
    MiddlewareHandler<SandboxEnv>,
    MiddlewareHandler<MerchantEnv>,
    MiddlewareHandler<MerchantEnv>,
  ] = [bodyWithin(ctx.opts.bodyLimitBytes), merchantSignIn(ctx), sameOriginForms];

  app.openapi({ ...operatorPageRoute, middleware: [merchantSignIn(ctx)] as const }, async (c) => {
    const merchant = c.get("merchant");
    const [orders, requests, runs] = await Promise.all([
      listRecentOrders(ctx.db, merchant.clientId, 50),
      listRequests(ctx.db, merchant.clientId, { limit: 20 }),
      merchant.runOf === undefined ? listRunsOf(ctx.db, merchant.clientId) : [],
    ]);
    return c.html(page(merchant, orders, requests, runs));
  });

  app.openapi({ ...operatorMoveRoute, middleware: formPost }, async (c) => {
    const form = await c.req.parseBody();
    const status = String(form.status ?? "");
    const id = c.req.param("id");
    const order = isUuid(id) ? await findOrder(ctx.db, c.get("merchant").clientId, id) : undefined;
    if (!order) return problemResponse(problem(404, "not-found", "No such order for this account"));
    c.set("orderId", order.id);
    if (!canMoveTo(order.direction, status)) {
      return problemResponse(
        problem(400, "validation", "Unknown status", [
          { path: "status", message: "Must be Success, Failed or Expired (pay-ins)" },
        ]),
      );
    }
    await moveOrder(ctx, order.id, status);
    return c.redirect(forAccount("/sandbox", c.get("merchant").clientId), 303);
  });

  // "Send callback again": the order's latest callback, delivered once more.
  app.openapi({ ...operatorResendRoute, middleware: formPost }, async (c) => {
    const id = c.req.param("id");
    const order = isUuid(id) ? await findOrder(ctx.db, c.get("merchant").clientId, id) : undefined;
    if (!order) return problemResponse(problem(404, "not-found", "No such order for this account"));
    c.set("orderId", order.id);
    const outcome = await resendCallback(ctx, order.id, "latest");
    if (outcome === "no-such-callback")
      return problemResponse(problem(404, "not-found", "This order has sent no callback yet"));
    if (outcome === "in-flight")
      return problemResponse(
        problem(409, "callback-in-flight", "Its callback is being delivered now: try again"),
      );
    return c.redirect(forAccount("/sandbox", c.get("merchant").clientId), 303);
  });
}
