import { texts } from '@lender/shared/texts';
import { MessagePage } from './message-page';

/** Any unknown path (docs/product.md#application-frame); a page closed to the role is the no-access page. */
export function NotFoundPage() {
  return <MessagePage {...texts.notFound} code="404" />;
}
