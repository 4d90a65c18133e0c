/**
 * A closed set of values written as one table, a row per value (its label, colour or text), so that
 * each value is named once. These read the table back.
 */

/** The values in the table's order, as the non-empty tuple z.enum takes. */
export const valuesOf = <Value extends string>(table: Record<Value, unknown>) =>
  Object.keys(table) as unknown as readonly [Value, ...Value[]];

/** One column of a table whose rows are objects: each value's `column`. */
export const columnOf = <Value extends string, Row, Column extends keyof Row>(
  table: Record<Value, Row>,
  column: Column,
) =>
  Object.fromEntries(Object.entries<Row>(table).map(([value, row]) => [value, row[column]])) as Record<
    Value,
    Row[Column]
  >;
