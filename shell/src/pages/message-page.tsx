import { Link } from '@lender/shared/client/router';
import { appRoutes } from '@lender/shared/contract/routes';
import { Flex, Typography } from '@lender/shared/ui/antd-core';

interface MessagePageProps {
  heading: string;
  text: string;
  /** The link back to the dashboard. */
  back: string;
  /** A big status code under the heading (404). */
  code?: string;
}

/** A page that only says why there is nothing here, with the way back to the dashboard. */
export function MessagePage({ heading, text, back, code }: MessagePageProps) {
  return (
    <Flex vertical align="center" justify="center" gap="middle" className="not-found">
      <Typography.Title level={1} className="not-found__heading">
        {heading}
      </Typography.Title>
      {code ? (
        <div className="not-found__code" aria-hidden="true">
          {code}
        </div>
      ) : null}
      <Typography.Paragraph type="secondary">{text}</Typography.Paragraph>
      <Link to={appRoutes.dashboard} className="not-found__back">
        {back}
      </Link>
    </Flex>
  );
}
