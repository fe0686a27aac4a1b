"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { createContext, type ReactNode, useContext, useEffect } from "react";
import { LIVE_STATUS_INTERVAL_MS } from "@/components/orders/live-status";
import type { OverviewSnapshot } from "@/lib/overview/snapshot";
import { fetchJson } from "@/lib/query-client";

const SnapshotContext = createContext<OverviewSnapshot>({ counts: [], callbacks: [] });

const totalOf = (s: OverviewSnapshot) => s.counts.reduce((n, c) => n + c.count, 0);

/**
 * Keeps the overview's counts and latest callbacks fresh: polls the session-checked /api/overview at the
 * orders list's pace while the tab is visible. When the number of orders changes, the server part of the
 * page (the recent orders) is re-rendered too.
 */
export function LiveOverview({ initial, children }: { initial: OverviewSnapshot; children: ReactNode }) {
  const router = useRouter();
  const { data } = useQuery({
    queryKey: ["overview"],
    queryFn: () => fetchJson<OverviewSnapshot>("/api/overview"),
    staleTime: 0,
    refetchInterval: LIVE_STATUS_INTERVAL_MS,
  });
  const snapshot = data ?? initial;

  const moreOrLess = data !== undefined && totalOf(data) !== totalOf(initial);
  useEffect(() => {
    if (moreOrLess) router.refresh();
  }, [moreOrLess, router]);

  return <SnapshotContext.Provider value={snapshot}>{children}</SnapshotContext.Provider>;
}

/** The latest reading, inside <LiveOverview>. */
export function useOverviewSnapshot(): OverviewSnapshot {
  return useContext(SnapshotContext);
}
