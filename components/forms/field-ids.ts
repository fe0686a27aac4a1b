/** DOM ids of a field's hint/error/warning lines, from its control's id. */
export function lineIds(input: string) {
  return { input, hint: `${input}-hint`, error: `${input}-error`, warning: `${input}-warning` };
}

/** DOM ids of a form field and its lines, from its name ("client.email" → "f-client-email"). */
export function fieldIds(name: string, prefix = "f") {
  return lineIds(`${prefix}-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`);
}

/** aria-describedby from the lines that are shown (error first: it is what the user must act on). */
export function describedBy(
  ids: ReturnType<typeof lineIds>,
  parts: { hint?: unknown; error?: unknown; warning?: unknown; others?: string },
) {
  const list = [
    parts.error ? ids.error : null,
    parts.warning ? ids.warning : null,
    parts.hint ? ids.hint : null,
    parts.others || null,
  ];
  const value = list.filter(Boolean).join(" ");
  return value || undefined;
}
