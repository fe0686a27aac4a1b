/** DOM ids of a form field and its hint/error/warning lines, from its name ("client.email"). */
export function fieldIds(name: string, prefix = "f") {
  const id = `${prefix}-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  return { input: id, hint: `${id}-hint`, error: `${id}-error`, warning: `${id}-warning` };
}

/** aria-describedby from the lines that are shown. */
export function describedBy(
  ids: ReturnType<typeof fieldIds>,
  parts: { hint?: unknown; error?: unknown; warning?: unknown },
) {
  const list = [
    parts.error ? ids.error : null,
    parts.warning ? ids.warning : null,
    parts.hint ? ids.hint : null,
  ];
  const value = list.filter(Boolean).join(" ");
  return value || undefined;
}
