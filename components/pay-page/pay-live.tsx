"use client";

import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { clockOffset, formatRemaining, remainingMs } from "@/lib/pay-page/countdown";
import { fetchJson, makeQueryClient } from "@/lib/query-client";
import styles from "./pay-page.module.css";

type Phase = "pay" | "expired" | "success" | "failed";

interface PayStatus {
  status: string;
  expiresAt: string | null;
  serverNow: string;
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
}

const POLL_MS = 3000;

function phaseOfStatus(status: string | undefined): Phase | undefined {
  if (status === "Success") return "success";
  if (status === "Failed") return "failed";
  if (status === "Expired") return "expired";
  return undefined;
}

export function PayLive(props: PayLiveProps) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LiveOrder {...props} />
    </QueryClientProvider>
  );
}

function LiveOrder({
  token,
  serverNowMs,
  expiresAtMs,
  initialPhase,
  labels,
  deadlineText,
  children,
  screens,
  screenTitles,
}: PayLiveProps) {
  // The first render repeats the server's figures so hydration matches; the clock starts in the effect.
  const [left, setLeft] = useState(() =>
    expiresAtMs === null ? null : Math.max(0, expiresAtMs - serverNowMs),
  );
  const final = initialPhase !== "pay";

  useEffect(() => {
    if (expiresAtMs === null || final) return;
    const offset = clockOffset(serverNowMs, Date.now());
    const tick = () => setLeft(remainingMs(expiresAtMs, Date.now(), offset));
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [serverNowMs, expiresAtMs, final]);

  const { data } = useQuery({
    queryKey: ["pay-status", token],
    queryFn: () => fetchJson<PayStatus>(`/api/pay/${encodeURIComponent(token)}`, { cache: "no-store" }),
    enabled: !final,
    staleTime: 0,
    refetchInterval: (query) => (phaseOfStatus(query.state.data?.status) ? false : POLL_MS),
  });

  const phase: Phase =
    phaseOfStatus(data?.status) ?? (initialPhase !== "pay" ? initialPhase : left === 0 ? "expired" : "pay");

  if (phase !== "pay") {
    return (
      <>
        <p role="status" className="visually-hidden">
          {screenTitles[phase]}
        </p>
        {screens[phase]}
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
    </>
  );
}
