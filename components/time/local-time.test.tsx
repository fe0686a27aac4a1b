import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { LocalTime } from "./local-time";

// The server (and so the HTML the browser hydrates) must not depend on the machine's zone: it says UTC,
// and the browser switches to its own zone after hydration (proved in e2e/orders-list.spec.ts).
describe("LocalTime on the server", () => {
  const at = new Date("2026-11-22T07:40:12Z");

  test("renders UTC in a <time> with the ISO instant and the UTC title, whatever the process zone", () => {
    const html = renderToString(<LocalTime value={at} />);
    expect(html).toContain('dateTime="2026-11-22T07:40:12.000Z"');
    expect(html).toContain('title="2026-11-22 07:40:12 UTC"');
    expect(html).toContain(">2026-11-22 07:40:12 UTC</time>");
  });

  test("stacked: date, time and zone in their own parts; date: the calendar day only", () => {
    const stacked = renderToString(<LocalTime value="2026-11-22T07:40:12Z" format="stacked" />);
    expect(stacked).toMatch(/data-part="date">2026-11-22<\/span>/);
    expect(stacked).toMatch(/data-part="time">07:40:12(<!-- -->)? <span data-part="zone">UTC<\/span>/);
    expect(renderToString(<LocalTime value={at} format="date" />)).toContain(">2026-11-22</time>");
  });

  test("a missing or unreadable time is a dash or the text itself, not a crash", () => {
    expect(renderToString(<LocalTime value={null} />)).toBe("<span>—</span>");
    expect(renderToString(<LocalTime value="soon" />)).toBe("<span>soon</span>");
  });
});
