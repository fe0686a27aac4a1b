/**
 * QA runs (issue 9 §3): POST /sandbox/runs starts one (signed by a configured account), GET lists them,
 * POST /sandbox/runs/{clientId}/reset clears one, DELETE /sandbox/runs/{clientId} removes it. A run may be
 * reset or removed by its own credentials or by the account that started it; anyone else gets 404.
 */
import type { Hono } from "hono";
import {
  fieldErrorsFromZod,
  isRunClientId,
  type SandboxRun,
  type SandboxRunCleared,
  type SandboxRunList,
  sandboxRunStartSchema,
} from "@/lib/contract";
import { findRun, listRunsOf } from "@/lib/database/sandbox/runs";
import type { SandboxRunRow } from "@/lib/database/sandbox/schema";
import { admitGet, admitPost } from "../admission";
import type { Merchant, SandboxContext } from "../context";
import type { SandboxEnv } from "../http-env";
import { problem, problemResponse, validationProblem } from "../problems";
import { MAX_RUNS_PER_ACCOUNT, removeRun, resetRun, startRun } from "../service/runs";

const configuredOnly = () =>
  problemResponse(
    problem(403, "forbidden", "Runs are started and listed by a configured account, not by a run"),
  );

export function runRoutes(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  app.post("/sandbox/runs", admitPost(ctx, { limited: false }), async (c) => {
    const merchant = c.get("merchant");
    if (merchant.runOf !== undefined) return configuredOnly();
    const parsed = sandboxRunStartSchema.safeParse(c.get("json"));
    if (!parsed.success) return problemResponse(validationProblem(fieldErrorsFromZod(parsed.error)));
    const run = await startRun(ctx, merchant.clientId, parsed.data);
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

  app.get("/sandbox/runs", admitGet(ctx, { limited: false }), async (c) => {
    const merchant = c.get("merchant");
    if (merchant.runOf !== undefined) return configuredOnly();
    const runs = await listRunsOf(ctx.db, merchant.clientId);
    const body: SandboxRunList = { runs: runs.map((run) => runView(ctx, run)) };
    return c.json(body, 200);
  });

  app.post("/sandbox/runs/:clientId/reset", admitPost(ctx, { limited: false }), async (c) => {
    const run = await runFor(ctx, c.get("merchant"), c.req.param("clientId"));
    if (!run) return runNotFound(c.req.param("clientId"));
    const body: SandboxRunCleared = {
      clientId: run.clientId,
      removedOrders: await resetRun(ctx, run.clientId),
    };
    return c.json(body, 200);
  });

  app.delete("/sandbox/runs/:clientId", admitGet(ctx, { limited: false }), async (c) => {
    const run = await runFor(ctx, c.get("merchant"), c.req.param("clientId"));
    if (!run) return runNotFound(c.req.param("clientId"));
    const body: SandboxRunCleared = {
      clientId: run.clientId,
      removedOrders: await removeRun(ctx, run.clientId),
    };
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

const runNotFound = (clientId: string) =>
  problemResponse(problem(404, "not-found", `No run ${clientId} of this account`));

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
