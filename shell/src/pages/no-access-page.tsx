import { texts } from '@lender/shared/texts';
import { MessagePage } from './message-page';

/**
 * A page the permission table closes to the user's role (an officer on /all-users). Rendered by
 * the shell from the route table, so the page's remote is never requested.
 */
export function NoAccessPage() {
  return <MessagePage {...texts.noAccess} />;
}
