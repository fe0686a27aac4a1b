/** Staff roles and what each may do. Plain module: safe to import from client components. */
import { USER_ROLES, type UserRole } from "@/lib/database/dashboard/schema";

/** The roles are the users.role column's values (the data layer owns the list). */
export const ROLES = USER_ROLES;
export type Role = UserRole;

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  operator: "Operator",
  viewer: "Viewer",
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: "Everything, including managing users",
  operator: "Creates and retries orders, uses sandbox controls",
  viewer: "Reads only",
};

/** Any signed-in staff member (reading pages and data). */
export const ANY_ROLE: Role[] = [...USER_ROLES];
/** Create and retry orders, use the sandbox controls. */
export const ORDER_WRITE_ROLES: Role[] = ["admin", "operator"];
/** Add, disable and re-role users. */
export const USER_ADMIN_ROLES: Role[] = ["admin"];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function hasRole(role: Role, allowed: readonly Role[]): boolean {
  return allowed.includes(role);
}
