import type { ZodType } from 'zod';

/** What `schema` finds wrong with `value`, as [field path, message] pairs; undefined when it is valid. */
export function issuesOf(schema: ZodType, value: unknown): [string, string][] | undefined {
  return schema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
}
