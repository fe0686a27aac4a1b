import type { Migration } from "@/lib/database";

/**
 * Callback chaos (lib/contract/sandbox-chaos.ts): the order's settings, what was chosen for each callback,
 * and what was done on purpose to each attempt, so the order's record lists it.
 */
export const m0005CallbackChaos: Migration = {
  id: "sandbox_0005_callback_chaos",
  sql: `
ALTER TABLE sandbox_orders ADD COLUMN chaos jsonb;
ALTER TABLE sandbox_callbacks ADD COLUMN chaos jsonb;
ALTER TABLE sandbox_callback_attempts ADD COLUMN chaos text;
`,
};
