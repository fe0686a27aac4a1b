import type { NavIcon as NavIconName } from "./nav-items";

const PATHS: Record<NavIconName, string> = {
  overview: "M3 12l9-8 9 8M5 10v10h5v-6h4v6h5V10",
  orders: "M8 6h13M8 12h13M8 18h13M3.5 6h.01M3.5 12h.01M3.5 18h.01",
  insights: "M4 20V10M10 20V4M16 20v-7M21 20H3",
  callbacks: "M4 12a8 8 0 0114-5.3M20 12a8 8 0 01-14 5.3M18 3v4h-4M6 21v-4h4",
  requests: "M4 7h11M4 12h16M4 17h8M18 5l3 2-3 2",
  payin: "M12 4v12m0 0l-5-5m5 5l5-5M4 20h16",
  payout: "M12 20V8m0 0l-5 5m5-5l5 5M4 4h16",
  banks: "M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18",
  users:
    "M16 19v-1a4 4 0 00-4-4H7a4 4 0 00-4 4v1M9.5 10a3 3 0 100-6 3 3 0 000 6M21 19v-1a4 4 0 00-3-3.87M16 4.13a3 3 0 010 5.75",
  cases: "M9 11l2 2 4-4M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3",
  alerts: "M6 16V11a6 6 0 0112 0v5l2 2H4l2-2M10 20a2 2 0 004 0",
  settings: "M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M16 4v4M10 10v4M18 16v4",
};

/** Small line icons for the navigation (decorative: the link text carries the meaning). */
export function NavIcon({ name }: { name: NavIconName }) {
  return (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
