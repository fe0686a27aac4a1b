/** QA runs: start one (an account of its own), reset it, remove it. */
import { randomBytes, randomUUID } from "node:crypto";
import { RUN_CLIENT_ID_PREFIX, type SandboxRunStart } from "@/lib/contract";
import { countRunsOf, deleteAccountData, insertRun } from "@/lib/database/sandbox/runs";
import type { SandboxRunRow } from "@/lib/database/sandbox/schema";
import type { SandboxContext } from "../context";

/** Live runs one configured account may hold at once (each holds orders until it goes idle). */
export const MAX_RUNS_PER_ACCOUNT = 1_000;

/**
 * 192 random bits as base64url, never starting with "-": the secret is printed to be pasted after a flag
 * (`--secret …`), where a leading dash reads as an option in most command lines.
 */
export function newRunSecret(): string {
  return randomBytes(24).toString("base64url").replace(/^-/, "_");
}

export async function startRun(
  ctx: SandboxContext,
  parentClientId: string,
  start: SandboxRunStart,
): Promise<SandboxRunRow | "too-many"> {
  if ((await countRunsOf(ctx.db, parentClientId)) >= MAX_RUNS_PER_ACCOUNT) return "too-many";
  return insertRun(ctx.db, {
    clientId: `${RUN_CLIENT_ID_PREFIX}${randomUUID()}`,
    secret: start.secret ?? newRunSecret(),
    parentClientId,
    label: start.label ?? null,
    chaos: start.chaos ?? null,
    at: ctx.opts.now(),
  });
}

/** Deletes what the run made (orders, callbacks, request log, clock); the run goes on. */
export async function resetRun(ctx: SandboxContext, clientId: string): Promise<number> {
  await ctx.log.drain();
  const removed = await deleteAccountData(ctx.db, clientId, { andAccount: false });
  ctx.clocks.forget(clientId);
  return removed;
}

/** Deletes the run and everything it made. */
export async function removeRun(ctx: SandboxContext, clientId: string): Promise<number> {
  await ctx.log.drain();
  const removed = await deleteAccountData(ctx.db, clientId, { andAccount: true });
  ctx.clocks.forget(clientId);
  ctx.accounts.forget(clientId);
  return removed;
}
