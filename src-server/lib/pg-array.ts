/**
 * A PostgreSQL array literal for one bound parameter: drizzle's `sql` spreads a JavaScript array into
 * a list of parameters, so `unnest(${ids}::uuid[])` would read `($1, $2)::uuid[]`. Bind
 * `${pgArray(ids)}::uuid[]` instead. Only for values that need no quoting: UUIDs, integers (bigint or
 * number) and plain identifiers such as enum values.
 */
export function pgArray(values: readonly (string | number | bigint)[]): string {
  for (const v of values)
    if (typeof v === 'string' && !/^[A-Za-z0-9_-]+$/.test(v)) throw new Error(`pgArray: ${v} needs quoting`);
  return `{${values.join(',')}}`;
}
