/** Any UUID (any version, either case): checked before an id reaches a uuid column or a query. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id would be a database error rather than "not found": callers check it first. */
export function isUuid(text: string): boolean {
  return UUID_PATTERN.test(text);
}
