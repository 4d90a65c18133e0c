import { Link } from '@lender/shared/client/router';
import { appRoutes } from '@lender/shared/contract/routes';
import { texts } from '@lender/shared/texts';
import { Flex, Typography } from '@lender/shared/ui/antd-core';

/**
 * A page the permission table closes to the user's role (an officer on /all-users). Rendered by
 * the shell from the route table, so the page's remote is never requested.
 */
export function NoAccessPage() {
  return (
    <Flex vertical align="center" justify="center" gap="middle" className="not-found">
      <Typography.Title level={1} className="not-found__heading">
        {texts.noAccess.heading}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{texts.noAccess.text}</Typography.Paragraph>
      <Link to={appRoutes.dashboard} className="not-found__back">
        {texts.noAccess.back}
      </Link>
    </Flex>
  );
}
