/** The conformance report's outputs: a console summary, JUnit XML for CI, a self-contained HTML page. */
import type { CaseResult, ConformanceReport } from "./suite";

const MARK: Record<CaseResult["status"], string> = { passed: "PASS", failed: "FAIL", skipped: "SKIP" };

export function summaryText(report: ConformanceReport): string {
  const lines = [
    `check-receiver ${report.url} (client id ${report.clientId}, order ${report.orderId}, seed ${report.seed}, timeout ${report.timeoutMs} ms)`,
  ];
  for (const c of report.cases) {
    lines.push(`  ${MARK[c.status]}  ${c.name.padEnd(34)} ${c.detail}`);
  }
  lines.push(
    `${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped of ${report.cases.length} cases`,
  );
  return `${lines.join("\n")}\n`;
}

/** Text safe in XML content and attributes (characters XML 1.0 cannot carry are dropped). */
export function escapeXml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 forbids.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

/**
 * What the receiver wrote back, labelled as such: bare under a FAIL row, its "ok" read like the check's verdict.
 */
export const RECEIVER_BODY_LABEL = "the receiver's answer (body)";

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function attemptsText(c: CaseResult): string {
  return c.attempts
    .map(
      (a) =>
        `${a.what}: ${a.status === null ? (a.error ?? "no answer") : `HTTP ${a.status}`} in ${a.ms} ms` +
        (a.bodyPreview ? ` — ${RECEIVER_BODY_LABEL}: ${a.bodyPreview}` : ""),
    )
    .join("\n");
}

export function junitXml(report: ConformanceReport): string {
  const total = report.cases.reduce((sum, c) => sum + c.ms, 0);
  const suiteAttrs =
    `name="check-receiver" tests="${report.cases.length}" failures="${report.failed}" errors="0" ` +
    `skipped="${report.skipped}" time="${seconds(total)}"`;
  const cases = report.cases.map((c) => {
    const open = `    <testcase name="${escapeXml(c.name)}" classname="check-receiver.${escapeXml(c.id)}" time="${seconds(c.ms)}">`;
    const out = `      <system-out>${escapeXml(`expects ${c.expects}\n${attemptsText(c)}`)}</system-out>`;
    if (c.status === "failed") {
      return `${open}\n      <failure message="${escapeXml(c.detail)}" type="conformance">${escapeXml(attemptsText(c))}</failure>\n${out}\n    </testcase>`;
    }
    if (c.status === "skipped")
      return `${open}\n      <skipped message="${escapeXml(c.detail)}"/>\n    </testcase>`;
    return `${open}\n${out}\n    </testcase>`;
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites ${suiteAttrs}>`,
    `  <testsuite ${suiteAttrs} timestamp="${escapeXml(report.startedAt)}" hostname="${escapeXml(report.url)}">`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

export function escapeHtml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters have no place in the page.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&#39;")
  );
}

/** One HTML file with its style inline: no script, no external asset, every value escaped. */
export function htmlReport(report: ConformanceReport): string {
  const rows = report.cases
    .map((c) => {
      const attempts = c.attempts
        .map(
          (a) =>
            `<li>${escapeHtml(a.what)}: <b>${escapeHtml(a.status === null ? (a.error ?? "no answer") : `HTTP ${a.status}`)}</b> in ${a.ms} ms` +
            (a.bodyPreview
              ? `<div class="answer"><span class="muted">${RECEIVER_BODY_LABEL}:</span><pre>${escapeHtml(a.bodyPreview)}</pre></div>`
              : "") +
            "</li>",
        )
        .join("");
      return (
        `<tr class="${c.status}"><td class="mark">${MARK[c.status]}</td>` +
        `<td><b>${escapeHtml(c.name)}</b><div class="muted">${escapeHtml(c.expects)}</div></td>` +
        `<td>${escapeHtml(c.detail)}${attempts ? `<ul>${attempts}</ul>` : ""}</td><td>${c.ms} ms</td></tr>`
      );
    })
    .join("\n");
  const verdict = report.failed > 0 ? "failed" : "passed";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Callback receiver conformance: ${escapeHtml(report.url)}</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem; color: #1b1b1b; }
table { border-collapse: collapse; width: 100%; }
td, th { border-bottom: 1px solid #ddd; padding: .5rem; text-align: left; vertical-align: top; }
.mark { font-weight: 700; }
tr.passed .mark { color: #11703a; } tr.failed .mark { color: #b3261e; } tr.skipped .mark { color: #6b6b6b; }
tr.failed { background: #fdf1f0; }
.muted { color: #5f5f5f; font-size: 12px; }
pre { white-space: pre-wrap; word-break: break-all; margin: .25rem 0; font-size: 12px; }
.answer pre { border-left: 3px solid #ccc; padding-left: .5rem; color: #3b3b3b; }
.verdict.failed { color: #b3261e; } .verdict.passed { color: #11703a; }
</style>
</head>
<body>
<h1>Callback receiver conformance</h1>
<p class="verdict ${verdict}"><b>${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped</b> of ${report.cases.length} cases</p>
<p class="muted">Receiver ${escapeHtml(report.url)} · client id ${escapeHtml(report.clientId)} · order ${escapeHtml(report.orderId)} · paymentId ${escapeHtml(report.paymentId)} · seed ${report.seed} · timeout ${report.timeoutMs} ms · ${escapeHtml(report.startedAt)} – ${escapeHtml(report.finishedAt)}</p>
<table>
<thead><tr><th></th><th>Case</th><th>Result</th><th>Time</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`;
}
