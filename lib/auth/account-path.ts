/** "Your account" (change password). The only page a user who must change their password may open. */
export const ACCOUNT_PATH = "/account";

export function isAccountPath(path: string | null): boolean {
  if (!path) return false;
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  return pathname === ACCOUNT_PATH || pathname === `${ACCOUNT_PATH}/`;
}
