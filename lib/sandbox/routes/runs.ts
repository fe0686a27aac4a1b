/**
 * QA runs (issue 9 §3): POST /sandbox/runs starts one (signed by a configured account), GET lists them,
 * POST /sandbox/runs/{clientId}/reset clears one, DELETE /sandbox/runs/{clientId} removes it. A run may be
 * reset or removed by its own credentials or by the account that started it; anyone else gets 404.
 */
import type { HttpBindings } from "@hono/node-server";
import type { MiddlewareHandler } from "hono";
import { isRunClientId, type SandboxRun, type SandboxRunCleared, type SandboxRunList } from "@/lib/contract";
import { endRunRoute, listRunsRoute, resetRunRoute, startRunRoute } from "@/lib/contract/openapi";
import { findRun, listRunsOf } from "@/lib/database/sandbox/runs";
import type { SandboxRunRow } from "@/lib/database/sandbox/schema";
import { admitGet, admitPost } from "../admission";
import type { SandboxApp } from "../app";
import type { Merchant, SandboxContext } from "../context";
import type { AdmittedPostEnv, MerchantEnv } from "../http-env";
import { problem, problemResponse } from "../problems";
import { MAX_RUNS_PER_ACCOUNT, removeRun, resetRun, startRun } from "../service/runs";

type RunEnv = { Bindings: HttpBindings; Variables: { merchant: Merchant; run: SandboxRunRow } };

/** Runs are started and listed by configured accounts: a run asking is refused before its body is checked. */
const configuredOnly: MiddlewareHandler<MerchantEnv> = async (c, next) => {
  if (c.get("merchant").runOf === undefined) return next();
  return problemResponse(
    problem(403, "forbidden", "Runs are started and listed by a configured account, not by a run"),
  );
};

/** The path's run, if the asking account is it or started it (anyone else: 404, as for no such run). */
function ownRun(ctx: SandboxContext): MiddlewareHandler<RunEnv> {
  return async (c, next) => {
    const clientId = c.req.param("clientId") ?? "";
    const run = await runFor(ctx, c.get("merchant"), clientId);
    if (!run) return problemResponse(problem(404, "not-found", `No run ${clientId} of this account`));
    c.set("run", run);
    await next();
  };
}

export function runRoutes(app: SandboxApp, ctx: SandboxContext): void {
  const post = admitPost(ctx, { limited: false });
  const get = admitGet(ctx, { limited: false });
  const byConfigured: [MiddlewareHandler<AdmittedPostEnv>, MiddlewareHandler<MerchantEnv>] = [
    post,
    configuredOnly,
  ];
  const listedByConfigured: [MiddlewareHandler<MerchantEnv>, MiddlewareHandler<MerchantEnv>] = [
    get,
    configuredOnly,
  ];
  const postToOwnRun: [MiddlewareHandler<AdmittedPostEnv>, MiddlewareHandler<RunEnv>] = [post, ownRun(ctx)];
  const toOwnRun: [MiddlewareHandler<MerchantEnv>, MiddlewareHandler<RunEnv>] = [get, ownRun(ctx)];

  app.openapi({ ...startRunRoute, middleware: byConfigured }, async (c) => {
    const run = await startRun(ctx, c.get("merchant").clientId, c.req.valid("json"));
    if (run === "too-many") {
      return problemResponse(
        problem(
          409,
          "too-many-runs",
          `At most ${MAX_RUNS_PER_ACCOUNT} runs at once per account: remove finished ones (DELETE /sandbox/runs/{clientId})`,
        ),
      );
    }
    const body: SandboxRun = { ...runView(ctx, run), secret: run.secret };
    return c.json(body, 200);
  });

  app.openapi({ ...listRunsRoute, middleware: listedByConfigured }, async (c) => {
    const runs = await listRunsOf(ctx.db, c.get("merchant").clientId);
    const body: SandboxRunList = { runs: runs.map((run) => runView(ctx, run)) };
    return c.json(body, 200);
  });

  app.openapi({ ...resetRunRoute, middleware: postToOwnRun }, async (c) => {
    const { clientId } = c.get("run");
    const body: SandboxRunCleared = { clientId, removedOrders: await resetRun(ctx, clientId) };
    return c.json(body, 200);
  });

  app.openapi({ ...endRunRoute, middleware: toOwnRun }, async (c) => {
    const { clientId } = c.get("run");
    const body: SandboxRunCleared = { clientId, removedOrders: await removeRun(ctx, clientId) };
    return c.json(body, 200);
  });
}

/** The run, if the asking account is it or started it. */
async function runFor(
  ctx: SandboxContext,
  merchant: Merchant,
  clientId: string,
): Promise<SandboxRunRow | undefined> {
  if (!isRunClientId(clientId)) return undefined;
  const run = await findRun(ctx.db, clientId);
  if (!run) return undefined;
  return merchant.clientId === run.clientId || merchant.clientId === run.parentClientId ? run : undefined;
}

function runView(ctx: SandboxContext, run: SandboxRunRow): Omit<SandboxRun, "secret"> {
  return {
    clientId: run.clientId,
    label: run.label,
    chaos: run.chaos,
    createdAt: run.createdAt.toISOString(),
    lastSeenAt: run.lastSeenAt.toISOString(),
    idleMinutes: ctx.opts.runIdleMs / 60_000,
  };
}
