"use client";

import { useQuery } from "@tanstack/react-query";
import { isCountryCode } from "@/lib/contract";
import { fetchJson } from "@/lib/query-client";
import type { BankOption } from "./filter-banks";

/** The banks of a country from GET /api/banks (session-checked, signed server-side). Idle for a bad code. */
export function useBanks(country: string) {
  const code = country.trim().toUpperCase();
  return useQuery({
    queryKey: ["banks", code],
    queryFn: ({ signal }) =>
      fetchJson<BankOption[]>(`/api/banks?country=${encodeURIComponent(code)}`, { signal }),
    enabled: isCountryCode(code),
    // The directory changes rarely.
    staleTime: 5 * 60_000,
  });
}
