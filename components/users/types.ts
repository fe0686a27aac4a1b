import type { Role } from "@/lib/auth/roles";

/** A user as the /users page hands it to client components (no password hash, plain values). */
export interface UserListItem {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  /** ISO instant until which sign-ins from browsers without a device cookie are refused; null if none. */
  lockedUntil: string | null;
  createdAt: string;
  /** Has an authenticator app or a passkey. */
  secondFactor: boolean;
}
