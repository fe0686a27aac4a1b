/** Staff roles and what each may do. Plain module: safe to import from client components. */
import { USER_ROLES, type UserRole } from "@/lib/database/dashboard/schema";

/** The roles are the users.role column's values (the data layer owns the list). */
export const ROLES = USER_ROLES;
export type Role = UserRole;

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  operator: "Operator",
  approver: "Approver",
  viewer: "Viewer",
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: "Everything, including managing users",
  operator: "Creates and retries orders, uses sandbox controls",
  approver: "Reads everything; approves or rejects pay-outs others created",
  viewer: "Reads only",
};

/** Any signed-in staff member (reading pages and data). */
export const ANY_ROLE: Role[] = [...USER_ROLES];
/** Create and retry orders, use the sandbox controls. */
export const ORDER_WRITE_ROLES: Role[] = ["admin", "operator"];
/**
 * Approve or reject a pay-out awaiting approval (never one's own: lib/approvals/decide.ts). Approvers create
 * no orders themselves, so the two steps stay with two people (docs/security.md, Roles).
 */
export const APPROVE_ROLES: Role[] = ["admin", "approver"];
/** Cancel one's own pay-out while it awaits approval (the creator's role). */
export const CANCEL_OWN_ROLES: Role[] = ORDER_WRITE_ROLES;
/** Add, disable and re-role users; dashboard settings (pay-out approvals). */
export const USER_ADMIN_ROLES: Role[] = ["admin"];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function hasRole(role: Role, allowed: readonly Role[]): boolean {
  return allowed.includes(role);
}
