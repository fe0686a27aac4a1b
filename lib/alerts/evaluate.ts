/**
 * One evaluation of every alert rule (docs/operations.md, Alerts): each enabled rule's condition is read
 * (./conditions.ts); an alert is raised for each finding that has no unresolved one (the database makes it
 * one alert however many instances evaluate at once), and the unresolved alerts whose condition no longer
 * holds — or whose rule was turned off — are resolved, by nobody (the evaluator).
 */
import "server-only";
import type { Sql } from "@/lib/database";
import { listUnresolvedAlerts, raiseAlert, resolveAlert } from "@/lib/database/dashboard/queries/alerts";
import { getAlertRuleSettings } from "./settings";
import type { AlertRow } from "@/lib/database/dashboard/schema";
import { CONDITIONS, type Finding } from "./conditions";
import { ALERT_RULE_IDS, type AlertRuleId } from "./rules";

export interface EvaluationSummary {
  raised: AlertRow[];
  resolved: string[];
  /** Rules whose query failed this time: their alerts are left as they were. */
  failed: { rule: AlertRuleId; error: unknown }[];
}

export async function evaluateAlerts(sql: Sql): Promise<EvaluationSummary> {
  const summary: EvaluationSummary = { raised: [], resolved: [], failed: [] };
  const settings = await getAlertRuleSettings(sql);
  for (const rule of ALERT_RULE_IDS) {
    const { enabled, threshold } = settings[rule];
    let findings: Finding[];
    try {
      findings = enabled ? await CONDITIONS[rule](sql, threshold) : [];
    } catch (error) {
      summary.failed.push({ rule, error });
      continue;
    }
    const unresolved = await listUnresolvedAlerts(sql, rule);
    for (const finding of findings) {
      const raised = await raiseAlert(sql, { rule, ...finding });
      if (raised) summary.raised.push(raised);
    }
    const holding = new Set(findings.map((f) => f.subject));
    for (const alert of unresolved) {
      if (holding.has(alert.subject)) continue;
      if (await resolveAlert(sql, alert.id, null)) summary.resolved.push(alert.id);
    }
  }
  return summary;
}
