/**
 * next/headers for integration tests, where there is no HTTP request: the request the code under test sees
 * is `testRequest`, whose cookies and headers the test sets. In a test file:
 *
 *   vi.mock("next/headers", () => import("@/lib/testing/next-headers"));
 *   import { testRequest } from "@/lib/testing/next-headers";
 */
export const testRequest = { cookies: new Map<string, string>(), headers: new Headers() };

type CookieToSet = { name: string; value: string };

export async function cookies() {
  return {
    get: (name: string) => {
      const value = testRequest.cookies.get(name);
      return value === undefined ? undefined : { name, value };
    },
    has: (name: string) => testRequest.cookies.has(name),
    set: (name: string | CookieToSet, value?: string) => {
      if (typeof name === "string") testRequest.cookies.set(name, value ?? "");
      else testRequest.cookies.set(name.name, name.value);
    },
    delete: (name: string) => testRequest.cookies.delete(name),
  };
}

export async function headers() {
  return testRequest.headers;
}
