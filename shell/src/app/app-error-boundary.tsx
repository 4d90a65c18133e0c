import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Button, Flex, Typography } from '@lender/shared/ui/antd-core';

function AppFailed() {
  return (
    <Flex vertical align="center" justify="center" gap="middle" style={{ minHeight: '100vh', padding: 24 }}>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Something went wrong
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        The back office could not finish loading. Reload the page to try again.
      </Typography.Paragraph>
      <Button type="primary" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Flex>
  );
}

/**
 * The last line of defence: a part of the shell itself that cannot load (a chunk after a
 * redeploy, the network gone) shows a way out instead of a blank page. Remotes have their own
 * boundary inside the layout.
 */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary FallbackComponent={AppFailed}>{children}</ErrorBoundary>;
}
