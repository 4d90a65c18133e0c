import { readSession } from '@lender/shared/client/session';
import { useSeesWholeBook } from '@lender/shared/client/use-sees-whole-book';
import { texts } from '@lender/shared/texts';
import { useGetFilterOfficersQuery } from '../api/filter-options-api';

/**
 * An officer's name in a loan table. Whoever sees the whole book has the officers (the Officer
 * filter's choices, cached once); an officer sees only their own book, so the name is theirs.
 */
export function OfficerName({ id }: { id: number }) {
  const wholeBook = useSeesWholeBook();
  const officers = useGetFilterOfficersQuery(undefined, { skip: !wholeBook });
  if (!wholeBook) {
    const user = readSession()?.user;
    return <>{user?.id === id ? `${user.first_name} ${user.last_name}` : texts.common.unknown}</>;
  }
  return <>{officers.data?.find((officer) => officer.id === id)?.name ?? texts.common.unknown}</>;
}
