/**
 * GET /sandbox: a small operator page for QA — the account's recent orders with buttons that move them.
 * HTTP Basic auth with the account's client id and secret (browsers ask for it); the buttons post a form,
 * accepted only from this page's own origin (no cross-site form posts).
 */
import type { Hono } from "hono";
import { FINAL_STATUSES, type FinalStatus } from "@/lib/contract";
import type { SandboxEnv, SandboxHttpContext } from "../admission";
import { bodyWithin } from "../body-limit";
import type { Merchant, SandboxContext } from "../context";
import { problem, problemResponse } from "../problems";
import { moveOrder } from "../service/move-order";
import { findOrder, listRecentOrders, type OrderRow } from "../store/orders";
import { constantTimeEqual, isUuid } from "../canonical";

const challenge = () =>
  new Response("Sign in with the merchant client id and secret", {
    status: 401,
    headers: { "www-authenticate": 'Basic realm="sandbox", charset="UTF-8"', "content-type": "text/plain" },
  });

function basicAuth(ctx: SandboxContext, c: SandboxHttpContext): Merchant | undefined {
  const header = c.req.header("authorization") ?? "";
  if (!header.startsWith("Basic ")) return undefined;
  const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  const clientId = decoded.slice(0, colon);
  const secret = ctx.opts.accounts.get(clientId);
  if (secret === undefined || !constantTimeEqual(secret, decoded.slice(colon + 1))) return undefined;
  return { clientId, secret };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const ACTIONS: Record<FinalStatus, string> = { Success: "Mark paid", Failed: "Fail", Expired: "Expire" };

function row(o: OrderRow): string {
  const buttons =
    o.status === "In progress"
      ? FINAL_STATUSES.filter((s) => s !== "Expired" || o.direction === "payin")
          .map(
            (s) =>
              `<form method="post" action="/sandbox/ui/orders/${o.id}/status"><input type="hidden" name="status" value="${s}"><button>${ACTIONS[s]}</button></form>`,
          )
          .join("")
      : "";
  return `<tr><td><code>${escapeHtml(o.id)}</code><br><small>${escapeHtml(o.payment_id)}</small></td><td>${o.direction}</td><td>${escapeHtml(o.payment_method)}</td><td>${escapeHtml(o.final_amount)} ${escapeHtml(o.currency ?? "")}</td><td>${escapeHtml(o.country)}</td><td>${escapeHtml(o.status)}</td><td>${o.created_at.toISOString()}</td><td class="a">${buttons}</td></tr>`;
}

function page(merchant: Merchant, orders: OrderRow[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox orders</title><style>
body{font:14px system-ui,sans-serif;margin:1.5rem;color:#111}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}
.a form{display:inline}button{margin:0 .25rem .25rem 0;padding:.25rem .6rem;cursor:pointer}small{color:#555}</style></head><body>
<h1>Sandbox orders</h1><p>Account <code>${escapeHtml(merchant.clientId)}</code> — the 50 most recent orders. <a href="/sandbox">Refresh</a></p>
<table><thead><tr><th>Order / paymentId</th><th>Type</th><th>Method</th><th>Amount</th><th>Country</th><th>Status</th><th>Created</th><th>Move to</th></tr></thead><tbody>
${orders.map(row).join("\n") || '<tr><td colspan="8">No orders yet.</td></tr>'}
</tbody></table></body></html>`;
}

export function operatorRoutes(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  app.get("/sandbox", async (c) => {
    const merchant = basicAuth(ctx, c);
    if (!merchant) return challenge();
    const orders = await listRecentOrders(ctx.db, merchant.clientId, 50);
    return c.html(page(merchant, orders));
  });

  app.post("/sandbox/ui/orders/:id/status", bodyWithin(ctx.opts.bodyLimitBytes), async (c) => {
    const merchant = basicAuth(ctx, c);
    if (!merchant) return challenge();
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    if (
      (origin !== undefined && origin !== new URL(c.req.url).origin) ||
      (site !== undefined && site !== "same-origin")
    ) {
      return problemResponse(problem(403, "forbidden", "Cross-origin form posts are refused"));
    }
    const form = await c.req.parseBody();
    const status = String(form.status ?? "");
    const id = c.req.param("id");
    const order = isUuid(id) ? await findOrder(ctx.db, merchant.clientId, id) : undefined;
    if (!order) return problemResponse(problem(404, "not-found", "No such order for this account"));
    if (
      !(FINAL_STATUSES as readonly string[]).includes(status) ||
      (status === "Expired" && order.direction !== "payin")
    ) {
      return problemResponse(
        problem(400, "validation", "Unknown status", [
          { path: "status", message: "Must be Success, Failed or Expired (pay-ins)" },
        ]),
      );
    }
    await moveOrder(ctx, order.id, status as FinalStatus);
    return c.redirect("/sandbox", 303);
  });
}
