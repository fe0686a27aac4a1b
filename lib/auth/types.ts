import type { Role } from "./roles";

/** The signed-in staff member, as pages, actions and route handlers see them. */
export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Signed in with an admin's one-time password: may do nothing but set a new password. */
  mustChangePassword?: boolean;
  /** Signed in without the second factor their role requires: may do nothing but set one up (0019). */
  mustEnrolSecondFactor?: boolean;
  /** The session of this request (step-up freshness is recorded on it); absent outside a request. */
  sessionId?: string;
}

export type AuthorizeResult =
  | { ok: true; user: CurrentUser }
  | { ok: false; status: 401 | 403; message: string };
