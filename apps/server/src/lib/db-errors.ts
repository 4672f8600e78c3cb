/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error in `cause`). */
function pgCodeOf(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return {};
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: violated } = pgCodeOf(error);
  return code === '23505' && (!constraint || violated === constraint);
}

/** The constraint a failed statement or commit names, e.g. one a trigger raises with `CONSTRAINT =`. */
export function constraintOf(error: unknown): string | undefined {
  return pgCodeOf(error).constraint;
}

/**
 * An exclusion constraint refused the row (23P01): e.g. an overlapping booking (decision 0064 §1). Its
 * `detail` names the other row's key, so it is never passed on to the caller.
 */
export function isExclusionViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: violated } = pgCodeOf(error);
  return code === '23P01' && (!constraint || violated === constraint);
}

/** A check constraint refused the row (23514): e.g. a counter past its capacity (decision 0064 §1). */
export function isCheckViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: violated } = pgCodeOf(error);
  return code === '23514' && (!constraint || violated === constraint);
}
