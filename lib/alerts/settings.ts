/** The alert rules' settings as the evaluator and Settings read them: the admin's, or each rule's default. */
import "server-only";
import type { Sql } from "@/lib/database";
import { listAlertRuleSettingRows, saveAlertRuleSettingRows } from "@/lib/database/dashboard/queries/alerts";
import { ALERT_RULE_IDS, type AlertRuleSettings, defaultRuleSettings, isAlertRuleId } from "./rules";

export async function getAlertRuleSettings(sql: Sql): Promise<AlertRuleSettings> {
  const settings = defaultRuleSettings();
  for (const row of await listAlertRuleSettingRows(sql))
    if (isAlertRuleId(row.rule)) settings[row.rule] = { enabled: row.enabled, threshold: row.threshold };
  return settings;
}

export async function saveAlertRuleSettings(
  sql: Sql,
  settings: AlertRuleSettings,
  updatedBy: string,
): Promise<void> {
  await saveAlertRuleSettingRows(
    sql,
    ALERT_RULE_IDS.map((rule) => ({ rule, ...settings[rule] })),
    updatedBy,
  );
}
