import { describe, expect, it } from "vitest";
import { UUID_PATTERN } from "@/lib/contract/uuid";
import { escapeHtml, escapeXml, htmlReport, junitXml, summaryText } from "./report";
import { type ConformanceReport, seededUuid } from "./suite";

const HOSTILE = `<img src=x onerror="alert('1')"> & \u0007`;

const report: ConformanceReport = {
  url: "http://127.0.0.1:9/hook?a=1&b=2",
  clientId: `m"1`,
  seed: 1,
  orderId: "o",
  paymentId: "p",
  timeoutMs: 10_000,
  startedAt: "2026-11-26T05:00:00.000Z",
  finishedAt: "2026-11-26T05:00:01.000Z",
  passed: 1,
  failed: 1,
  skipped: 1,
  cases: [
    {
      id: "valid",
      name: "A valid callback",
      expects: "2xx",
      status: "passed",
      detail: "got HTTP 200",
      ms: 12,
      attempts: [],
    },
    {
      id: "bad-signature",
      name: `A bad signature ${HOSTILE}`,
      expects: "4xx",
      status: "failed",
      detail: `expected a 4xx refusal, got HTTP 200 ${HOSTILE}`,
      ms: 1_500,
      attempts: [
        {
          what: "signed with a wrong key",
          webhookId: "w",
          status: 200,
          ms: 3,
          error: null,
          bodyPreview: HOSTILE,
        },
      ],
    },
    {
      id: "rotation",
      name: "Both secrets during a rotation",
      expects: "2xx",
      status: "skipped",
      detail: "no --secret2 given",
      ms: 0,
      attempts: [],
    },
  ],
};

describe("the report's outputs", () => {
  it.each([
    [`a<b>&"c"'d`, "a&lt;b&gt;&amp;&quot;c&quot;&apos;d"],
    ["bell\u0007 nul\u0000 tab\t", "bell nul tab\t"],
  ])("escapeXml(%j)", (text, escaped) => {
    expect(escapeXml(text)).toBe(escaped);
  });

  it("JUnit: one suite with the counts; a failure, a skipped and a plain testcase; no raw markup", () => {
    const xml = junitXml(report);
    expect(xml).toMatch(
      /<testsuite name="check-receiver" tests="3" failures="1" errors="0" skipped="1" time="1\.512"/,
    );
    expect(xml).toContain('<testcase name="A valid callback" classname="check-receiver.valid" time="0.012">');
    expect(xml).toMatch(
      /classname="check-receiver\.bad-signature" time="1\.500">\s*<failure message="expected a 4xx refusal, got HTTP 200 &lt;img/,
    );
    expect(xml).toMatch(/<skipped message="no --secret2 given"\/>/);
    expect(xml).not.toContain("<img");
    expect(xml).not.toContain("\u0007");
  });

  it("HTML: every value escaped, no script or external asset", () => {
    const html = htmlReport(report);
    expect(html).toContain(escapeHtml(`A bad signature ${HOSTILE}`));
    expect(html).not.toContain("<img");
    expect(html).not.toContain("\u0007");
    expect(html).toContain("http://127.0.0.1:9/hook?a=1&amp;b=2");
    expect(html).toContain("m&quot;1");
    expect(html).not.toMatch(/<script|<[^>]*\b(src|href)=|@import|url\(/);
  });

  it("HTML and JUnit label the receiver's body as its answer, not a verdict", () => {
    const html = htmlReport(report);
    expect(html).toContain(
      `<div class="answer"><span class="muted">the receiver's answer (body):</span><pre>${escapeHtml(HOSTILE)}</pre></div>`,
    );
    expect(junitXml(report)).toContain(
      `HTTP 200 in 3 ms — the receiver&apos;s answer (body): ${escapeXml(HOSTILE)}`,
    );
  });

  it("the summary has a line per case and the counts", () => {
    const text = summaryText(report);
    expect(text.split("\n").filter((l) => /^ {2}(PASS|FAIL|SKIP) /.test(l))).toHaveLength(3);
    expect(text).toContain("1 passed, 1 failed, 1 skipped of 3 cases");
  });
});

describe("seededUuid", () => {
  it("is a UUIDv4 shape, the same for the same seed and label, different otherwise", () => {
    const a = seededUuid(1, "order");
    expect(a).toMatch(UUID_PATTERN);
    expect(a[14]).toBe("4");
    expect("89ab").toContain(a[19]);
    expect(seededUuid(1, "order")).toBe(a);
    expect(seededUuid(2, "order")).not.toBe(a);
    expect(seededUuid(1, "payment")).not.toBe(a);
  });
});
