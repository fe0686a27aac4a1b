"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from "react";
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

/** While the pushed stream is open, polling only guards against a silently dead stream. */
const PUSHED_INTERVAL_MS = 30_000;

/**
 * Keeps the statuses of the orders on screen fresh while any of them can still change: the server pushes
 * each change (Server-Sent Events from /api/orders/events, fed by the database's notifications) and the
 * page then reads the session-checked /api/orders/status at once; without the stream it polls that every
 * 3 s. With `refreshOnChange` a change re-renders the server page too (the order page's timeline, controls
 * and details follow the status).
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
  const [pushed, setPushed] = useState(false);
  const { data, refetch } = useQuery({
    queryKey: ["order-statuses", ids],
    queryFn: () => fetchJson<StatusesResponse>(`/api/orders/status?ids=${ids.join(",")}`),
    // The server-rendered statuses as the first data (read again at once: staleTime 0). Not only
    // to have them: react-query joins a refetch to a read in flight while the query has no data yet, so a
    // change pushed during the page's first read (answered before it) would wait for the next poll, 30 s
    // with the stream open. With data, a refetch drops the read in flight and reads anew.
    initialData: () => ({ orders: Object.entries(initial).map(([id, s]) => ({ id, ...s })) }),
    enabled: ids.length > 0 && anyLive,
    staleTime: 0,
    refetchInterval: (query) => {
      const merged = mergeStatuses(initial, query.state.data?.orders);
      if (!Object.values(merged).some((s) => isLiveStatus(s.status))) return false;
      return pushed ? PUSHED_INTERVAL_MS : LIVE_STATUS_INTERVAL_MS;
    },
  });
  const idList = ids.join(",");
  // The stream's handlers call the latest refetch without re-opening the stream when it changes.
  const refetchRef = useRef(refetch);
  refetchRef.current = refetch;
  const routerRef = useRef(router);
  routerRef.current = router;
  useEffect(() => {
    if (!idList || !anyLive || typeof EventSource === "undefined") return;
    // Open only while the tab is visible: a browser holds few connections per host (six on HTTP/1.1), and
    // staff keep many tabs open. Coming back, the page reads the statuses at once and listens again.
    let events: EventSource | null = null;
    const open = () => {
      if (events || document.visibilityState !== "visible") return;
      events = new EventSource(`/api/orders/events?ids=${idList}`);
      // Listening from now on: one read catches a change made while the stream was (re)opening.
      events.addEventListener("ready", () => {
        setPushed(true);
        void refetchRef.current();
      });
      events.addEventListener("status", () => void refetchRef.current());
      events.addEventListener("error", () => setPushed(false));
      // The server closes the stream when this session ends (signed out elsewhere, ended by an admin, user
      // disabled) or the user's role changed: re-render the page, which sends a signed-out reader to sign-in
      // and shows a new role its own view, and listen again (a signed-out reader's stream is refused).
      events.addEventListener("ended", () => {
        close();
        routerRef.current.refresh();
        open();
      });
    };
    const close = () => {
      events?.close();
      events = null;
      setPushed(false);
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") open();
      else close();
    };
    open();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      close();
    };
  }, [idList, anyLive]);
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
