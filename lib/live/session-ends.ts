/**
 * Closing event streams when their session ends (issue 17 §4). An open stream remembers the session it
 * was opened under and watches it here. Two ways an end arrives:
 * - the "session_ended" notification (migration 0018: a session row deleted, on any instance sharing the
 *   database; or, with no sessionId, "close every stream of this user"), heard on this process's one LISTEN;
 * - a re-check every `recheckMs` while anything is watched, the safety net for a notification missed
 *   while the listening connection was being re-opened: it deletes the sessions past their idle or
 *   absolute timeout (which announces them) and ends the watched ones that are gone.
 * The process's feed is made by lib/runtime.ts; tests make their own.
 */
import "server-only";
import type { Database } from "@/lib/database";
import {
  deleteExpiredSessions,
  liveSessionIds,
  SESSION_ENDED_CHANNEL,
} from "@/lib/database/dashboard/queries/sessions";
import { SESSION_IDLE_TIMEOUT_MS } from "@/lib/auth/session";
import { lazyListen } from "./lazy-listen";
import { log } from "@/lib/observability/logger";

/** Why a watched session ended: the reason announced with it, or "timed-out" / "ended" when none was. */
export type SessionEndListener = (reason: string) => void;

export interface WatchedSession {
  sessionId: string;
  userId: string;
}

export interface SessionEndFeed {
  /**
   * Calls `onEnd` once, when `session` ends or its user's streams must close; the function it resolves to
   * stops watching. The first watcher starts the LISTEN and the re-check.
   */
  watch(session: WatchedSession, onEnd: SessionEndListener): Promise<() => void>;
  /** One re-check now (the timer's work; tests call it with their clock). */
  recheck(now?: Date): Promise<void>;
  /** Stops the LISTEN and the re-check and forgets every watcher. */
  stop(): Promise<void>;
  /** How many streams are watched now. */
  watching(): number;
}

/** The safety net's period: a missed notification closes a stream at most this late. */
export const SESSION_RECHECK_MS = 30_000;

interface Ended {
  sessionId?: string;
  userId: string;
  reason: string | null;
}

function parse(payload: string): Ended | null {
  try {
    const e = JSON.parse(payload) as Record<string, unknown>;
    if (typeof e.userId !== "string") return null;
    return {
      userId: e.userId,
      ...(typeof e.sessionId === "string" ? { sessionId: e.sessionId } : {}),
      reason: typeof e.reason === "string" ? e.reason : null,
    };
  } catch {
    return null;
  }
}

export function createSessionEndFeed(
  db: () => Promise<Database>,
  options: { recheckMs?: number } = {},
): SessionEndFeed {
  const recheckMs = options.recheckMs ?? SESSION_RECHECK_MS;
  const watchers = new Map<symbol, { session: WatchedSession; onEnd: SessionEndListener }>();
  const listening = lazyListen(db, SESSION_ENDED_CHANNEL, (payload) => {
    const e = parse(payload);
    if (e) onEnded(e);
  });
  let timer: NodeJS.Timeout | undefined;

  const end = (key: symbol, reason: string) => {
    const w = watchers.get(key);
    if (!w) return;
    watchers.delete(key);
    if (watchers.size === 0) stopTimer();
    w.onEnd(reason);
  };
  const onEnded = (e: Ended) => {
    for (const [key, w] of watchers)
      if (w.session.userId === e.userId && (e.sessionId === undefined || e.sessionId === w.session.sessionId))
        end(key, e.reason ?? (e.sessionId ? "timed-out" : "ended"));
  };
  const stopTimer = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const recheck = async (now: Date = new Date()) => {
    if (watchers.size === 0) return;
    const sql = await db();
    // Those this re-check timed out end as "timed-out" here: their notification comes on the listening
    // connection, which on PostgreSQL may deliver it after the check below has found them gone ("ended").
    const timedOut = await deleteExpiredSessions(sql, now, SESSION_IDLE_TIMEOUT_MS);
    for (const [key, w] of watchers) if (timedOut.has(w.session.sessionId)) end(key, "timed-out");
    if (watchers.size === 0) return;
    const live = await liveSessionIds(sql, [
      ...new Set([...watchers.values()].map((w) => w.session.sessionId)),
    ]);
    for (const [key, w] of watchers) if (!live.has(w.session.sessionId)) end(key, "ended");
  };

  return {
    async watch(session, onEnd) {
      const key = Symbol(session.sessionId);
      watchers.set(key, { session, onEnd });
      try {
        await listening.start();
      } catch (error) {
        watchers.delete(key);
        throw error;
      }
      timer ??= setInterval(() => {
        recheck().catch((error: unknown) =>
          log().warn(
            { error: error instanceof Error ? error.message : String(error) },
            "sessions: stream re-check failed",
          ),
        );
      }, recheckMs).unref();
      // Ended while the LISTEN was starting: the notification came before anyone heard it.
      const live = await liveSessionIds(await db(), [session.sessionId]);
      if (!live.has(session.sessionId)) end(key, "ended");
      return () => {
        watchers.delete(key);
        if (watchers.size === 0) stopTimer();
      };
    },
    recheck,
    async stop() {
      stopTimer();
      watchers.clear();
      await listening.stop();
    },
    watching: () => watchers.size,
  };
}
