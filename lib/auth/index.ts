/**
 * Staff authentication and authorisation for server code. Client components import from
 * "@/lib/auth/roles" or "@/lib/auth/types" instead (this module is server-only).
 */
import "server-only";

export { authorizeUser } from "./authorize";
export {
  authorizeRequest,
  authorizeSession,
  getCurrentSession,
  getCurrentUser,
  readSessionToken,
  requirePageUser,
} from "./current-user";
export { authProblemResponse } from "./http";
export { loginPathFor, sanitizeNextPath } from "./next-path";
export {
  ANY_ROLE,
  hasRole,
  isRole,
  ORDER_WRITE_ROLES,
  ROLE_LABELS,
  ROLES,
  type Role,
  USER_ADMIN_ROLES,
} from "./roles";
export type { AuthorizeResult, CurrentUser } from "./types";
