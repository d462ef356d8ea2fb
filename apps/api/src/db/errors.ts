/** Recognising database errors by SQLSTATE, the same on PostgreSQL and PGlite. */

/** SQLSTATE unique_violation. */
const UNIQUE_VIOLATION = '23505';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Whether `error` is a unique violation, optionally of one constraint or index. Drizzle wraps
 * the driver's error, so the chain of `cause`s is searched.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && isRecord(current); depth += 1) {
    if (current.code === UNIQUE_VIOLATION) {
      return (
        constraint === undefined || current.constraint === undefined || current.constraint === constraint
      );
    }
    current = current.cause;
  }
  return false;
}
