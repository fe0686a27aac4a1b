import { QueryClient } from "@tanstack/react-query";

/** HTTP statuses a retry cannot fix: the session or the request itself is the problem. */
const NO_RETRY_STATUSES = new Set([400, 401, 403, 404, 409, 422]);

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Live data (statuses) is refetched on purpose by the hooks that need it; everything else may be a little stale.
        staleTime: 30_000,
        retry: (failureCount, error) =>
          !(error instanceof HttpError && NO_RETRY_STATUSES.has(error.status)) && failureCount < 2,
      },
    },
  });
}

/** fetch + JSON for query functions; throws HttpError so the retry policy above can see the status. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, { ...init, headers: { Accept: "application/json", ...init?.headers } });
  if (!res.ok) throw new HttpError(res.status, `${res.status} ${res.statusText}`);
  return (await res.json()) as T;
}
