/** Reads a dotted path (`user.firstName`) from a record. */
export function getIn(record: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) => (value == null ? undefined : (value as Record<string, unknown>)[key]),
      record,
    );
}
