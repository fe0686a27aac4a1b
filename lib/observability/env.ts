/**
 * The variables of metrics and logs, read by both processes with the same meaning: the dashboard's schema
 * (lib/env.ts) documents them, the sandbox's (lib/sandbox/config.ts) reads the same fields.
 */
import { z } from "zod";
import { LOG_LEVELS } from "./logger";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

export const observabilityEnvFields = () => ({
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "Must be at least 16 characters").optional()),
  LOG_LEVEL: optionalString.pipe(z.enum(LOG_LEVELS).default("info")),
  LOG_PRETTY: optionalString.pipe(z.enum(["0", "1"]).optional()),
});
