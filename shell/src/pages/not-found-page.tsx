import { Link } from '@lender/shared/client/router';
import { appRoutes } from '@lender/shared/contract/routes';
import { texts } from '@lender/shared/texts';
import { Flex, Typography } from '@lender/shared/ui/antd-core';

/** Any unknown path (specification §2.2); a page closed to the role is the no-access page. */
export function NotFoundPage() {
  return (
    <Flex vertical align="center" justify="center" gap="middle" className="not-found">
      <Typography.Title level={1} className="not-found__heading">
        {texts.notFound.heading}
      </Typography.Title>
      <div className="not-found__code" aria-hidden="true">
        404
      </div>
      <Typography.Paragraph type="secondary">{texts.notFound.text}</Typography.Paragraph>
      <Link to={appRoutes.dashboard} className="not-found__back">
        {texts.notFound.back}
      </Link>
    </Flex>
  );
}
