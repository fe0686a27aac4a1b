/**
 * QA runs (issue 9 §3): a merchant account made on the fly for one test run, with its own orders, clock,
 * callback chaos and request log, reset on demand and removed after an idle time. Two suites running at
 * once against one sandbox each take a run and never see each other's orders.
 */
import { z } from "zod";
import { sandboxChaosSchema } from "./sandbox-chaos";
import { isUuid } from "./uuid";

/** Every run's client id starts with it, so a lookup knows where to look. */
export const RUN_CLIENT_ID_PREFIX = "run-";

/** A run's client id: the prefix and a UUID. Anything else is no run (and never reaches a query). */
export function isRunClientId(text: string): boolean {
  return text.startsWith(RUN_CLIENT_ID_PREFIX) && isUuid(text.slice(RUN_CLIENT_ID_PREFIX.length));
}

/** POST /sandbox/runs: start a run. */
export const sandboxRunStartSchema = z
  .strictObject(
    {
      label: z
        .string({ error: "Must be a string" })
        .trim()
        .min(1, "Must not be empty")
        .max(100, "Must be at most 100 characters")
        .optional()
        .meta({ description: "A name to know the run by (e.g. the suite and CI job)." }),
      secret: z
        .string({ error: "Must be a string" })
        .min(8, "Must be at least 8 characters")
        .max(200, "Must be at most 200 characters")
        .optional()
        .meta({ description: "The run's secret; a random one is made when absent." }),
      chaos: sandboxChaosSchema
        .optional()
        .meta({ description: "Callback chaos for the run's orders that pick none themselves." }),
    },
    { error: 'Must be a JSON object, e.g. { "label": "checkout suite" } or {}' },
  )
  .meta({ description: "Sandbox test control: start a QA run (an account of its own)." });
export type SandboxRunStart = z.infer<typeof sandboxRunStartSchema>;

const runFields = {
  clientId: z.string().meta({ description: "The run's X-Client-Id (starts with run-)." }),
  label: z.string().nullable(),
  chaos: sandboxChaosSchema.nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string().meta({ description: "Its last signed request; idle runs are removed." }),
  idleMinutes: z.number().meta({ description: "How long the run may stay unused before it is removed." }),
};

export const sandboxRunSchema = z
  .object({ ...runFields, secret: z.string().meta({ description: "The run's secret (shown once)." }) })
  .meta({ description: "A started QA run: sign its requests with this client id and secret." });
export type SandboxRun = z.infer<typeof sandboxRunSchema>;

export const sandboxRunListSchema = z
  .object({ runs: z.array(z.object(runFields)) })
  .meta({ description: "The account's live runs, newest first (secrets are not listed)." });
export type SandboxRunList = z.infer<typeof sandboxRunListSchema>;

/** The answer of a reset or a removal. */
export const sandboxRunClearedSchema = z
  .object({
    clientId: z.string(),
    removedOrders: z.number().int().meta({ description: "How many of its orders were deleted." }),
  })
  .meta({ description: "What a reset (or removal) of a run deleted." });
export type SandboxRunCleared = z.infer<typeof sandboxRunClearedSchema>;
