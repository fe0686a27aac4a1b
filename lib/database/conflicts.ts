/**
 * Statements PostgreSQL refused because of what ran beside them, not because of what they say: written
 * nothing (the transaction was rolled back), such a statement may be sent again. The SQLSTATE codes are
 * PostgreSQL's (Appendix A of its manual); PGlite runs one statement at a time and never raises them so.
 */

/** How many times a statement refused for a conflict is sent again before its error stands. */
export const CONFLICT_RETRIES = 5;

function sqlState(error: unknown): unknown {
  return typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
}

/** "deadlock detected" (40P01): the statement was the cycle's victim. */
export function isDeadlock(error: unknown): boolean {
  return sqlState(error) === "40P01";
}

/** "violates foreign key constraint" (23503): a row met a parent or a child another transaction changed. */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === "23503";
}

/** Runs `statement`, and again while it fails with an error `retryable` accepts (at most CONFLICT_RETRIES
 * more times), after a short random pause so the two sides do not meet again in step. */
export async function retriedWhile<T>(
  retryable: (error: unknown) => boolean,
  statement: () => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if (!retryable(error) || attempt >= CONFLICT_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
    }
  }
}
