import { texts } from '@lender/shared/texts';
import { MessagePage } from './message-page';

/** Any unknown path (specification §2.2); a page closed to the role is the no-access page. */
export function NotFoundPage() {
  return <MessagePage {...texts.notFound} code="404" />;
}
