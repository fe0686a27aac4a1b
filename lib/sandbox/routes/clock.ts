/**
 * The account's clock (issue 9 §2): GET /sandbox/clock reads it, POST /sandbox/clock moves it forwards (at
 * most ten years ahead of the real time, all moves together), DELETE /sandbox/clock puts it back on the real
 * time. Authenticated like the API, not rate-limited. A move expires the pay-ins it made due before it
 * answers, so a test can check their status (and await their callbacks) right after it.
 */
import type { SandboxClock } from "@/lib/contract";
import { advanceClockRoute, getClockRoute, resetClockRoute } from "@/lib/contract/openapi";
import { admitGet, admitPost } from "../admission";
import type { SandboxApp } from "../app";
import { MAX_CLOCK_OFFSET_MS } from "../clocks";
import type { SandboxContext } from "../context";
import { problemResponse, validationProblem } from "../problems";

const tooFar = (path: "to" | "advanceSeconds", realNow: Date, offsetMs: number) =>
  problemResponse(
    validationProblem([
      {
        path,
        message:
          `Must not take the clock more than ten years past the real time (to ${new Date(realNow.getTime() + MAX_CLOCK_OFFSET_MS).toISOString()}; ` +
          `it runs ${offsetMs} ms ahead now): reset it with DELETE /sandbox/clock`,
      },
    ]),
  );

export function clockRoutes(app: SandboxApp, ctx: SandboxContext): void {
  app.openapi({ ...getClockRoute, middleware: [admitGet(ctx, { limited: false })] as const }, async (c) =>
    c.json(await clockOf(ctx, c.get("merchant").clientId), 200),
  );

  app.openapi(
    { ...advanceClockRoute, middleware: [admitPost(ctx, { limited: false })] as const },
    async (c) => {
      const { clientId } = c.get("merchant");
      const { advanceSeconds, to } = c.req.valid("json");
      const field = to !== undefined ? "to" : "advanceSeconds";
      const offsetMs = await ctx.clocks.offsetMs(clientId);
      const realNow = ctx.opts.now();
      let byMs: number;
      if (to !== undefined) {
        const now = new Date(realNow.getTime() + offsetMs);
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
      if (offsetMs + byMs > MAX_CLOCK_OFFSET_MS) return tooFar(field, realNow, offsetMs);
      // The database holds the bound too: moves made at once (here or through another instance) add up.
      if (byMs > 0 && (await ctx.clocks.advance(clientId, byMs)) === undefined)
        return tooFar(field, realNow, await ctx.clocks.offsetMs(clientId));
      await ctx.expireDue();
      return c.json(await clockOf(ctx, clientId), 200);
    },
  );

  app.openapi({ ...resetClockRoute, middleware: [admitGet(ctx, { limited: false })] as const }, async (c) => {
    const { clientId } = c.get("merchant");
    await ctx.clocks.reset(clientId);
    return c.json(await clockOf(ctx, clientId), 200);
  });
}

async function clockOf(ctx: SandboxContext, clientId: string): Promise<SandboxClock> {
  const offsetMs = await ctx.clocks.offsetMs(clientId);
  return { now: new Date(ctx.opts.now().getTime() + offsetMs).toISOString(), offsetMs };
}
