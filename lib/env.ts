/**
 * The dashboard's environment, validated once with zod. Everything imports `env`, never process.env.
 * Every variable is documented in docs/configuration.md and .env.example.
 */
import "server-only";
import { z } from "zod";
import { parseTrustedProxyList } from "@/lib/auth/trusted-proxies";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

/** Credentials the embedded sandbox accepts by default (lib/sandbox/config.ts uses the same defaults). */
export const SANDBOX_DEFAULT_CLIENT_ID = "sandbox-merchant";
export const SANDBOX_DEFAULT_CLIENT_SECRET = "sandbox-secret";
export const SANDBOX_DEFAULT_PORT = 4010;

/** A logo the customer's browser loads: https (a pay page is served over TLS) or a path on this dashboard. */
const logoUrl = z
  .string()
  .refine((v) => (v.startsWith("/") && !v.startsWith("//")) || /^https:\/\/[^/\s]+/i.test(v), {
    message: "Must be an https:// URL or a path on this dashboard starting with /",
  })
  .refine((v) => !/[\s"'()\\]/.test(v), {
    message: "Must not contain spaces, quotes, brackets or backslashes",
  });

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Where customers and the payment service reach this dashboard (customer links, postbackUrl). */
    PUBLIC_BASE_URL: optionalString.pipe(z.url().optional()),
    PAYMENT_API_BASE_URL: optionalString.pipe(z.url().optional()),
    PAYMENT_API_CLIENT_ID: optionalString,
    PAYMENT_API_SECRET: optionalString,
    /** The secret before a rotation: callbacks signed with it are still accepted until it is removed. */
    PAYMENT_API_PREVIOUS_SECRET: optionalString,
    PAYMENT_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** How often orders orphaned in "Submitting" by a crash are looked for and resent (lib/orders/resume.ts). */
    ORDER_RESUME_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    /** "true" when PAYMENT_API_BASE_URL points at a sandbox (set by `npm start` for the embedded one). */
    PAYMENT_API_IS_SANDBOX: optionalString.pipe(z.enum(["true", "false"]).optional()),
    SANDBOX_PORT: z.coerce.number().int().min(1).max(65535).default(SANDBOX_DEFAULT_PORT),
    DATABASE_URL: optionalString,
    DATA_DIR: optionalString.transform((v) => v ?? ".data"),
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(12, "Must be at least 12 characters").optional()),
    /** Hours a callback that failed verification is kept (bounded) before it is purged. */
    POSTBACK_UNVERIFIED_RETENTION_HOURS: optionalString.pipe(
      z.coerce.number<string | undefined>().int().min(1).max(8760).default(72),
    ),
    /** Reverse proxies in front of the dashboard that append to X-Forwarded-For (lib/auth/client-address.ts). */
    TRUSTED_PROXY_HOPS: z.coerce.number<string | undefined>().int().min(0).max(10).optional(),
    /** Addresses or CIDR ranges of trusted reverse proxies, comma-separated (alternative to the hop count). */
    TRUSTED_PROXIES: optionalString.transform((v, ctx) => {
      const list = v ? parseTrustedProxyList(v) : [];
      if (typeof list === "string") {
        ctx.addIssue({ code: "custom", message: list });
        return z.NEVER;
      }
      return list;
    }),
    /** Whom the customer pays, as the pay page names it ("Payment to …"). */
    MERCHANT_DISPLAY_NAME: optionalString.pipe(z.string().max(60, "At most 60 characters").optional()),
    /** The merchant's logo beside that name on the pay page. */
    MERCHANT_LOGO_URL: optionalString.pipe(logoUrl.optional()),
  })
  .superRefine((e, ctx) => {
    if (e.TRUSTED_PROXY_HOPS !== undefined && e.TRUSTED_PROXIES.length > 0)
      ctx.addIssue({
        code: "custom",
        path: ["TRUSTED_PROXIES"],
        message: "Set either TRUSTED_PROXIES or TRUSTED_PROXY_HOPS, not both",
      });
    if (e.PAYMENT_API_BASE_URL && e.PAYMENT_API_IS_SANDBOX !== "true") {
      for (const key of ["PAYMENT_API_CLIENT_ID", "PAYMENT_API_SECRET"] as const) {
        if (!e[key])
          ctx.addIssue({ code: "custom", path: [key], message: "Required when PAYMENT_API_BASE_URL is set" });
      }
    }
    if (e.PAYMENT_API_PREVIOUS_SECRET && e.PAYMENT_API_PREVIOUS_SECRET === e.PAYMENT_API_SECRET)
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENT_API_PREVIOUS_SECRET"],
        message: "Must differ from PAYMENT_API_SECRET (it is the secret rotated from)",
      });
  })
  .transform((e) => {
    const usesSandbox = !e.PAYMENT_API_BASE_URL || e.PAYMENT_API_IS_SANDBOX === "true";
    return {
      ...e,
      PUBLIC_BASE_URL: e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`,
      PAYMENT_API_BASE_URL: e.PAYMENT_API_BASE_URL ?? `http://127.0.0.1:${e.SANDBOX_PORT}`,
      PAYMENT_API_CLIENT_ID: e.PAYMENT_API_CLIENT_ID ?? SANDBOX_DEFAULT_CLIENT_ID,
      PAYMENT_API_SECRET: e.PAYMENT_API_SECRET ?? SANDBOX_DEFAULT_CLIENT_SECRET,
      /** True when the payment service is a sandbox: the banner shows and test controls are offered. */
      usesSandbox,
      TRUSTED_PROXY_HOPS: e.TRUSTED_PROXY_HOPS ?? 0,
    };
  });

export type Env = z.infer<typeof schema>;

/** Validates an environment; throws one error naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return parsed.data;
}

export const env: Env = parseEnv(process.env);
