import { APPROVE_ROLES, ORDER_WRITE_ROLES, type Role, USER_ADMIN_ROLES } from "@/lib/auth/roles";

export type NavIcon =
  | "overview"
  | "orders"
  | "insights"
  | "callbacks"
  | "requests"
  | "payin"
  | "payout"
  | "banks"
  | "users"
  | "settings"
  | "cases"
  | "alerts";

export interface NavItem {
  href: string;
  label: string;
  icon: NavIcon;
  /** Roles that see the link; absent = everyone signed in. */
  roles?: readonly Role[];
}

/** Where approvers find the pay-outs that wait for them: the orders list filtered to that state. */
export const AWAITING_APPROVAL_HREF = "/orders?status=Awaiting+approval";

export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/", label: "Overview", icon: "overview" },
  { href: "/orders", label: "Orders", icon: "orders" },
  { href: AWAITING_APPROVAL_HREF, label: "Awaiting approval", icon: "payout", roles: APPROVE_ROLES },
  { href: "/insights", label: "Insights", icon: "insights" },
  { href: "/callbacks", label: "Callbacks", icon: "callbacks" },
  { href: "/requests", label: "Request log", icon: "requests" },
  { href: "/cases", label: "Cases", icon: "cases" },
  { href: "/alerts", label: "Alerts", icon: "alerts" },
  { href: "/payins/new", label: "New pay-in", icon: "payin", roles: ORDER_WRITE_ROLES },
  { href: "/payouts/new", label: "New pay-out", icon: "payout", roles: ORDER_WRITE_ROLES },
  { href: "/payouts/batches", label: "Pay-out files", icon: "payout" },
  { href: "/banks", label: "Banks", icon: "banks" },
  { href: "/users", label: "Users", icon: "users", roles: USER_ADMIN_ROLES },
  { href: "/settings", label: "Settings", icon: "settings", roles: USER_ADMIN_ROLES },
];

/** The links a role may see (viewers and approvers get no create links, only admins see Users and Settings). */
export function navItemsFor(role: Role): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.roles || item.roles.includes(role));
}

/** Whether `href` is the current section: "/" only on itself, others also on their sub-pages. */
export function isActivePath(href: string, pathname: string): boolean {
  if (href === "/") return pathname === "/";
  // A link with a query is a view of another section: that section's link is the current one.
  if (href.includes("?")) return false;
  return pathname === href || pathname.startsWith(`${href}/`);
}
