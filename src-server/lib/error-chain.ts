/**
 * The first error in a chain that passes `test`: the error itself, what it wraps (`cause`: Drizzle's
 * `DrizzleQueryError` keeps the driver's error there) and an `AggregateError`'s `errors` (a refused
 * connection to several addresses), at most `maxDepth` levels down.
 */
export function findInErrorChain(
  error: unknown,
  test: (error: object) => boolean,
  maxDepth = 5,
  depth = 0,
): object | undefined {
  if (depth > maxDepth || typeof error !== 'object' || error === null) return undefined;
  if (test(error)) return error;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  const inner = findInErrorChain(cause, test, maxDepth, depth + 1);
  if (inner || !Array.isArray(errors)) return inner;
  for (const each of errors) {
    const found = findInErrorChain(each, test, maxDepth, depth + 1);
    if (found) return found;
  }
  return undefined;
}
