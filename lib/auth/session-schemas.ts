import { z } from "zod";
import { anyUuid } from "@/lib/contract/uuid";

/**
 * The sessions lists' rows and their forms' inputs, shared with the server actions. Plain module: safe in
 * client components.
 */

/** A session's id as the lists show it: SHA-256 of its cookie, in hex (never the cookie itself). */
const sessionId = z.string().regex(/^[0-9a-f]{64}$/, "Unknown session");

/** Your account → Sessions: sign out one other session, or all others. */
export const endOwnSessionsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("one"), sessionId }),
  z.object({ intent: z.literal("others") }),
]);
export type EndOwnSessionsInput = z.infer<typeof endOwnSessionsSchema>;

/** Users → Signed-in sessions (admins): end one session of a user, or all of them. */
export const endUserSessionsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("one"), userId: anyUuid("Unknown user"), sessionId }),
  z.object({ intent: z.literal("all"), userId: anyUuid("Unknown user") }),
]);
export type EndUserSessionsInput = z.infer<typeof endUserSessionsSchema>;

/** A session as the lists show it (plain values: it is handed to client components). */
export interface SessionView {
  id: string;
  userId: string;
  email: string;
  /** "Chrome on Linux" (lib/auth/browser-name.ts). */
  browser: string;
  ip: string | null;
  signedInAt: string;
  lastSeenAt: string;
  /** The session this page was loaded with. */
  current: boolean;
}
