"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { createContext, type ReactNode, useContext, useEffect, useMemo } from "react";
import { fetchJson } from "@/lib/query-client";
import {
  isLiveStatus,
  LIVE_STATUS_INTERVAL_MS,
  type LiveStatus,
  type LiveStatusMap,
  mergeStatuses,
} from "./live-status";
import { StatusBadge } from "./status-badge";

interface StatusesResponse {
  orders: ({ id: string } & LiveStatus)[];
}

const StatusesContext = createContext<LiveStatusMap>({});

/**
 * Keeps the statuses of the orders on screen fresh: polls the session-checked /api/orders/status every
 * 3 s while any of them can still change, and stops once all are final. With `refreshOnChange` a change
 * re-renders the server page too (the order page's timeline, controls and details follow the status).
 */
export function LiveStatuses({
  initial,
  refreshOnChange = false,
  children,
}: {
  initial: LiveStatusMap;
  refreshOnChange?: boolean;
  children: ReactNode;
}) {
  const router = useRouter();
  const ids = useMemo(() => Object.keys(initial).sort(), [initial]);
  const anyLive = Object.values(initial).some((s) => isLiveStatus(s.status));
  const { data } = useQuery({
    queryKey: ["order-statuses", ids],
    queryFn: () => fetchJson<StatusesResponse>(`/api/orders/status?ids=${ids.join(",")}`),
    enabled: ids.length > 0 && anyLive,
    staleTime: 0,
    refetchInterval: (query) => {
      const merged = mergeStatuses(initial, query.state.data?.orders);
      return Object.values(merged).some((s) => isLiveStatus(s.status)) ? LIVE_STATUS_INTERVAL_MS : false;
    },
  });
  const statuses = useMemo(() => mergeStatuses(initial, data?.orders), [initial, data]);

  const changed = ids.some((id) => statuses[id]?.status !== initial[id]?.status);
  useEffect(() => {
    if (refreshOnChange && changed) router.refresh();
  }, [refreshOnChange, changed, router]);

  return <StatusesContext.Provider value={statuses}>{children}</StatusesContext.Provider>;
}

/** The badge of one order, live inside <LiveStatuses>; the server-rendered status otherwise. */
export function LiveStatusBadge({ id, status }: { id: string; status: string }) {
  const live = useContext(StatusesContext)[id];
  const current = live?.status ?? status;
  return (
    <span aria-live="polite" data-testid={`status-${id}`}>
      <StatusBadge status={current} />
    </span>
  );
}
