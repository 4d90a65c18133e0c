import type { z, ZodType } from 'zod';
import type { Caller } from '../plugins/auth';
import type { RoutesApp } from './module-routes';
import { readByQuerySchema } from './route-errors';

/** A family of lists as its shared/src/contract/<family>-lists.ts defines them, and how each is served. */
interface ListFamily<
  Name extends string,
  List extends { api: string; summary: string },
  Query extends ZodType,
  Page extends ZodType,
> {
  /** The API documentation's tag. */
  tag: string;
  names: readonly Name[];
  list: (name: Name) => List;
  /** Said after each list's own summary in the API documentation. */
  note: string;
  query: (list: List) => Query;
  page: (list: List) => Page;
}

/**
 * GET <api> for every list of a family, its path, summary and query schema from its definition:
 * a list added to the definitions is served, documented and validated with nothing more here.
 */
export function listRoutes<
  Name extends string,
  List extends { api: string; summary: string },
  Query extends ZodType,
  Page extends ZodType,
>(
  app: RoutesApp,
  family: ListFamily<Name, List, Query, Page>,
  read: (name: Name, request: { query: z.output<Query>; user: Caller }) => Promise<z.input<Page>>,
): void {
  for (const name of family.names) {
    const list = family.list(name);
    app.get(
      list.api,
      {
        schema: readByQuerySchema(
          family.tag,
          `${list.summary}${family.note}`,
          family.query(list),
          family.page(list),
        ),
      },
      // The schema's query and answer are this family's Query and Page: fastify's inference cannot
      // follow the generics, the family's `read` is typed by them instead.
      (request) => read(name, request as unknown as { query: z.output<Query>; user: Caller }) as never,
    );
  }
}
