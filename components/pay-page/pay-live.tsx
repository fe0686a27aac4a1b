"use client";

import { type ReactNode, useEffect, useRef, useState } from "react";
import {
  addReading,
  formatRemaining,
  msUntilNextSecond,
  navigationSentAt,
  offsetBound,
  remainingMs,
  tightestOffset,
} from "@/lib/pay-page/countdown";
import type { CaseMessages } from "@/lib/cases/case-messages";
import type { PublicCase } from "@/lib/cases/public-case";
import type { ReferenceKind } from "@/lib/cases/reference";
import { PaidCase } from "./paid-case";
import styles from "./pay-page.module.css";

/** "confirmed": staff closed the customer's "I have paid" case as found while the order is not Success. */
type Phase = "pay" | "expired" | "success" | "failed" | "confirmed";

interface PayStatus {
  status: string;
  expiresAt: string | null;
  serverNow: string;
  case?: PublicCase | null;
}

export interface PayLiveProps {
  token: string;
  /** The server's clock when it rendered the page (ms). */
  serverNowMs: number;
  expiresAtMs: number | null;
  initialPhase: Phase;
  labels: { timeLeft: string; payBefore: string; waiting: string };
  deadlineText: string | null;
  /** The details (shown while the customer may pay) and the three final screens, rendered on the server. */
  children: ReactNode;
  screens: Record<Exclude<Phase, "pay">, ReactNode>;
  screenTitles: Record<Exclude<Phase, "pay">, string>;
  /** "I have paid" (paid-case.tsx): offered while the customer may pay and once the time is up. */
  paidCase?: { kind: ReferenceKind; m: CaseMessages; initial: PublicCase | null };
}

const POLL_MS = 3000;
/** While the pushed status stream is open, polling only guards against a silently dead stream. */
const PUSHED_POLL_MS = 30_000;
/** Past a second boundary by this much, so a timer firing on the dot still sees the new figure. */
const TICK_MARGIN_MS = 4;

function phaseOfStatus(status: string | undefined): Phase | undefined {
  if (status === "Success") return "success";
  if (status === "Failed") return "failed";
  if (status === "Expired") return "expired";
  return undefined;
}

/** When the page's own request left this device (Date.now()'s clock). */
function pageRequestSentAt(): number {
  const nav = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  return navigationSentAt(Date.now(), performance.now(), nav?.requestStart ?? 0);
}

/**
 * The live part of the page: the countdown (to the second, on the server's clock) and the status, pushed
 * by the server as it changes (Server-Sent Events) and polled as a fallback (every 3 s without the push,
 * 30 s with it) and at once when the customer comes back to the tab (from their bank's app, typically). A
 * plain fetch loop: no query library in the customer's bundle.
 */
export function PayLive({
  token,
  serverNowMs,
  expiresAtMs,
  initialPhase,
  labels,
  deadlineText,
  children,
  screens,
  screenTitles,
  paidCase,
}: PayLiveProps) {
  // The first render repeats the server's figures so hydration matches; the clock starts in the effect.
  const [left, setLeft] = useState(() =>
    expiresAtMs === null ? null : Math.max(0, expiresAtMs - serverNowMs),
  );
  const [status, setStatus] = useState<string | undefined>(undefined);
  const [reported, setReported] = useState<PublicCase | null>(paidCase?.initial ?? null);
  const readings = useRef<number[]>([]);
  const tick = useRef<() => void>(() => {});
  const final = initialPhase !== "pay" || phaseOfStatus(status) !== undefined;
  // Staff confirmed the money arrived: the clock stops (nothing is left to pay), the page keeps listening
  // for the order's own Success.
  const confirmed = reported?.state === "found";
  // An open case keeps the page listening after the order's end, until staff answer it.
  const listening = !final || reported?.state === "open";

  useEffect(() => {
    if (expiresAtMs === null || final || confirmed) return;
    if (readings.current.length === 0)
      readings.current = addReading([], offsetBound(serverNowMs, pageRequestSentAt()));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      clearTimeout(timer);
      const remaining = remainingMs(expiresAtMs, Date.now(), tightestOffset(readings.current) ?? 0);
      setLeft(remaining);
      if (remaining > 0) timer = setTimeout(run, msUntilNextSecond(remaining) + TICK_MARGIN_MS);
    };
    tick.current = run;
    run();
    return () => {
      clearTimeout(timer);
      tick.current = () => {};
    };
  }, [serverNowMs, expiresAtMs, final, confirmed]);

  useEffect(() => {
    if (!listening) return;
    let stopped = false;
    let inFlight = false;
    // Asked for while a read was in flight (a pushed change, the stream's "ready"): that read may have been
    // answered before the change, so another follows it at once instead of at the next poll (30 s later
    // with the stream open).
    let again = false;
    let pushed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      if (inFlight) {
        again = true;
        return;
      }
      inFlight = true;
      again = false;
      clearTimeout(timer);
      const sentAt = Date.now();
      try {
        const res = await fetch(`/api/pay/${encodeURIComponent(token)}`, {
          cache: "no-store",
          headers: { Accept: "application/json" },
        });
        if (res.ok) {
          const body = (await res.json()) as PayStatus;
          const server = Date.parse(body.serverNow);
          if (!Number.isNaN(server)) {
            readings.current = addReading(readings.current, offsetBound(server, sentAt));
            tick.current();
          }
          if (!stopped) {
            setStatus(body.status);
            if (body.case !== undefined) setReported(body.case);
          }
          if (phaseOfStatus(body.status) && body.case?.state !== "open") return;
        }
      } catch {
        // Offline for a moment: the next poll tries again.
      } finally {
        inFlight = false;
      }
      if (stopped) return;
      if (again) void poll();
      else timer = setTimeout(poll, pushed ? PUSHED_POLL_MS : POLL_MS);
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") void poll();
    };
    // Pushed changes (Server-Sent Events): a "status" event asks for the new status at once. Polling stays
    // as the fallback, every 3 s again whenever the stream is down.
    const events =
      typeof EventSource === "undefined"
        ? null
        : new EventSource(`/api/pay/${encodeURIComponent(token)}/events`);
    // Listening from now on: one poll catches a change made while the stream was (re)opening.
    events?.addEventListener("ready", () => {
      pushed = true;
      void poll();
    });
    events?.addEventListener("status", () => void poll());
    events?.addEventListener("error", () => {
      pushed = false;
    });
    void poll();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      events?.close();
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [token, listening]);

  const ordered: Phase =
    phaseOfStatus(status) ?? (initialPhase !== "pay" ? initialPhase : left === 0 ? "expired" : "pay");
  const phase: Phase = confirmed && ordered !== "success" ? "confirmed" : ordered;

  const caseBlock =
    paidCase && (phase === "pay" || phase === "expired") ? (
      <PaidCase token={token} kind={paidCase.kind} m={paidCase.m} current={reported} onCase={setReported} />
    ) : null;

  if (phase !== "pay") {
    return (
      <>
        <p role="status" className="visually-hidden">
          {screenTitles[phase]}
        </p>
        {screens[phase]}
        {caseBlock}
      </>
    );
  }

  return (
    <>
      <p role="status" className="visually-hidden" />
      {left !== null ? (
        <section className={styles.timer} aria-label={labels.timeLeft}>
          <div>
            <span className={styles.timerLabel}>{labels.timeLeft}</span>
            <span className={styles.timerValue} role="timer" data-testid="countdown">
              {formatRemaining(left)}
            </span>
          </div>
          {deadlineText ? (
            <div className={styles.deadline}>
              {labels.payBefore} <time dateTime={new Date(expiresAtMs!).toISOString()}>{deadlineText}</time>
            </div>
          ) : null}
          <div className={styles.waiting}>
            <span className={styles.pulse} aria-hidden="true" />
            {labels.waiting}
          </div>
        </section>
      ) : null}
      {children}
      {caseBlock}
    </>
  );
}
