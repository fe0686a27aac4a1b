import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "@/lib/database/dashboard/audit-actions";
import { SubmissionHistory } from "./submission-history";

const ORDER = "7651e0c2-3b4a-4d5e-9f60-718293a4b5c6";

describe("an order's submission history", () => {
  it("names every order entry in words, never by its code", () => {
    const entries = AUDIT_ACTIONS.filter((a) => a.startsWith("order.")).map((action, i) => ({
      id: `e${i}`,
      at: new Date(Date.UTC(2026, 10, 23, 10, i)),
      userId: null,
      action,
      target: ORDER,
      details: action === "order.sandbox-status" ? { status: "Success" } : { outcome: "In progress" },
    }));
    const html = renderToStaticMarkup(<SubmissionHistory entries={entries} />);
    const text = html.replace(/<[^>]+>/g, " ");
    for (const e of entries) expect(text).not.toContain(e.action);
    expect(text).toContain("Sandbox control: asked the sandbox to change the status");
    expect(text).toContain("→ Success");
  });
});
