import {
  APPLICATION_LISTS,
  type ApplicationListName,
  type ApplicationRowOf,
} from '@lender/shared/contract/application-lists';
import { apiRoutes } from '@lender/shared/contract/routes';
import { ListPage } from '@lender/shared/ui/list-page.tsx';
import { useApplicationList } from '../hooks/use-application-list';
import { applicationColumns } from './application-columns';

/**
 * A read-only application list of shared/src/contract/application-lists.ts (docs/product.md#applications):
 * its title, columns, sort, filters and empty text from its definition, one server page at a time,
 * with the page, sort and filters in the URL.
 */
export function ApplicationListPage<Name extends ApplicationListName>({ list }: { list: Name }) {
  const definition = APPLICATION_LISTS[list];
  const table = useApplicationList(list);

  return (
    <ListPage<ApplicationRowOf<Name>>
      title={definition.title}
      {...table}
      columns={applicationColumns(list)}
      empty={{ filtered: 'No applications match the filters.', none: definition.empty }}
      exportTo={{ path: apiRoutes.exports.applications, params: { list } }}
    />
  );
}

/** The page of a list shown by ApplicationListPage, for the remote's page declarations. */
export const applicationListPage = (list: ApplicationListName) => () => <ApplicationListPage list={list} />;
