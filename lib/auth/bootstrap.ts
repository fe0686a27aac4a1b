import "server-only";
import { randomUUID } from "node:crypto";
import type { Sql } from "@/lib/database";
import { writeAudit } from "@/lib/database/dashboard/queries/audit";
import { countUsers, insertUser, normalizeEmail } from "@/lib/database/dashboard/queries/users";
import { generatePassword, hashPassword } from "./password";

export const DEFAULT_ADMIN_EMAIL = "admin@localhost";

export type BootstrapResult =
  | { created: false }
  | { created: true; userId: string; email: string; generatedPassword: string | null };

/** What a start says when users exist already: no admin is created or printed. */
export function existingUsersMessage(config: { email?: string; password?: string }): string {
  return config.email || config.password
    ? "Users exist already: ADMIN_EMAIL / ADMIN_PASSWORD are used only at the first start, when there is none. Sign in with an existing account."
    : "Users exist already: sign in with an existing account (the first admin's password was printed once, at the first start).";
}

/**
 * First start: when no user exists, create an admin from ADMIN_EMAIL / ADMIN_PASSWORD; without a password,
 * generate one and print it once. Later starts say that no admin is printed. Idempotent, and safe when
 * several instances start together: only the insert that wins the unique email constraint prints an admin.
 */
export async function ensureFirstAdmin(
  sql: Sql,
  config: { email?: string; password?: string },
  log: (message: string) => void = console.log,
): Promise<BootstrapResult> {
  if ((await countUsers(sql)) > 0) {
    log(existingUsersMessage(config));
    return { created: false };
  }
  const email = normalizeEmail(config.email ?? DEFAULT_ADMIN_EMAIL);
  const generatedPassword = config.password ? null : generatePassword();
  const password = config.password ?? generatedPassword ?? "";
  const inserted = await insertUser(sql, {
    id: randomUUID(),
    email,
    name: "Administrator",
    role: "admin",
    passwordHash: await hashPassword(password),
  });
  if (!inserted) return { created: false };
  await writeAudit(sql, {
    userId: null,
    action: "user.bootstrap",
    target: inserted.id,
    details: { email, generatedPassword: generatedPassword !== null },
  });
  if (generatedPassword) {
    log(
      [
        "",
        "┌──────────────────────────────────────────────────────────────┐",
        "│ First start: created the admin account for the dashboard.    │",
        "│ Sign in with these and change them (this is printed once):   │",
        "└──────────────────────────────────────────────────────────────┘",
        `   Email:    ${email}`,
        `   Password: ${generatedPassword}`,
        "",
      ].join("\n"),
    );
  } else {
    log(`First start: created the admin account ${email} (password from ADMIN_PASSWORD).`);
  }
  return { created: true, userId: inserted.id, email, generatedPassword };
}
