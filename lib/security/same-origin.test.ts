import { describe, expect, it } from "vitest";
import { crossOriginRefusal, isCrossOriginWrite } from "./same-origin";

const h = (init: Record<string, string>) => new Headers(init);

describe("isCrossOriginWrite", () => {
  it("refuses a post whose Origin names another site, a junk Origin or 'null'", () => {
    expect(isCrossOriginWrite("POST", h({ host: "dash.example", origin: "https://evil.example" }))).toBe(
      true,
    );
    expect(isCrossOriginWrite("POST", h({ host: "dash.example", origin: "https://dash.example:444" }))).toBe(
      true,
    );
    expect(isCrossOriginWrite("POST", h({ host: "dash.example", origin: "null" }))).toBe(true);
    expect(isCrossOriginWrite("POST", h({ host: "dash.example", origin: "not a url" }))).toBe(true);
    expect(isCrossOriginWrite("PUT", h({ host: "dash.example", origin: "https://evil.example" }))).toBe(true);
  });

  it("lets same-origin posts, reads and Origin-less requests through (as Next itself does)", () => {
    expect(isCrossOriginWrite("POST", h({ host: "dash.example", origin: "https://dash.example" }))).toBe(
      false,
    );
    expect(isCrossOriginWrite("POST", h({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }))).toBe(
      false,
    );
    expect(isCrossOriginWrite("GET", h({ host: "dash.example", origin: "https://evil.example" }))).toBe(
      false,
    );
    expect(isCrossOriginWrite("POST", h({ host: "dash.example" }))).toBe(false);
  });

  it("compares with X-Forwarded-Host first, as Next does behind a proxy", () => {
    const headers = h({
      host: "10.0.0.5:3000",
      "x-forwarded-host": "dash.example",
      origin: "https://dash.example",
    });
    expect(isCrossOriginWrite("POST", headers)).toBe(false);
    expect(
      isCrossOriginWrite(
        "POST",
        h({ host: "dash.example", "x-forwarded-host": "other.example", origin: "https://dash.example" }),
      ),
    ).toBe(true);
  });

  it("answers 403 problem details", async () => {
    const res = crossOriginRefusal();
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(await res.json()).toMatchObject({ status: 403, title: "Forbidden" });
  });
});
