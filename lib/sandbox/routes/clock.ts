/**
 * The account's clock (issue 9 §2): GET /sandbox/clock reads it, POST /sandbox/clock moves it forwards.
 * Authenticated like the API, not rate-limited. A move expires the pay-ins it made due before it answers, so
 * a test can check their status (and await their callbacks) right after it.
 */
import type { SandboxClock } from "@/lib/contract";
import { advanceClockRoute, getClockRoute } from "@/lib/contract/openapi";
import { admitGet, admitPost } from "../admission";
import type { SandboxApp } from "../app";
import type { SandboxContext } from "../context";
import { problemResponse, validationProblem } from "../problems";

export function clockRoutes(app: SandboxApp, ctx: SandboxContext): void {
  app.openapi({ ...getClockRoute, middleware: [admitGet(ctx, { limited: false })] as const }, async (c) =>
    c.json(await clockOf(ctx, c.get("merchant").clientId), 200),
  );

  app.openapi(
    { ...advanceClockRoute, middleware: [admitPost(ctx, { limited: false })] as const },
    async (c) => {
      const { clientId } = c.get("merchant");
      const { advanceSeconds, to } = c.req.valid("json");
      let byMs: number;
      if (to !== undefined) {
        const now = await ctx.clocks.now(clientId);
        byMs = Date.parse(to) - now.getTime();
        if (byMs < 0) {
          return problemResponse(
            validationProblem([
              {
                path: "to",
                message: `Must not be earlier than the account's time now (${now.toISOString()}): the clock only moves forwards`,
              },
            ]),
          );
        }
      } else {
        byMs = (advanceSeconds ?? 0) * 1000;
      }
      byMs = Math.round(byMs);
      if (byMs > 0) await ctx.clocks.advance(clientId, byMs);
      await ctx.expireDue();
      return c.json(await clockOf(ctx, clientId), 200);
    },
  );
}

async function clockOf(ctx: SandboxContext, clientId: string): Promise<SandboxClock> {
  const offsetMs = await ctx.clocks.offsetMs(clientId);
  return { now: new Date(ctx.opts.now().getTime() + offsetMs).toISOString(), offsetMs };
}
