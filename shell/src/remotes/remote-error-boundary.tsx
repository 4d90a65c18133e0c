import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Button } from '@lender/shared/ui/antd-core';
import { ReloadOutlined } from '@lender/shared/ui/icons';
import { texts } from '@lender/shared/texts';
import { RemoteMessage } from './remote-message';

/** "The loans section could not be loaded." with its hint and a Retry button. */
export function LoadFailedMessage({ area, onRetry }: { area: string; onRetry: () => void }) {
  return (
    <RemoteMessage
      status="warning"
      role="alert"
      title={texts.remotes.loadFailed(area)}
      subTitle={texts.remotes.loadFailedHint}
      extra={
        <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>
          {texts.remotes.retry}
        </Button>
      }
    />
  );
}

interface Props {
  /** The area named in the message ("loans"). */
  area: string;
  /** Called by the Retry button with the error that was caught (the page re-keys the boundary). */
  onRetry: (error: unknown) => void;
  children: ReactNode;
}

/**
 * Catches a remote that failed to load (or a remote page that crashed) and says so inside the
 * layout, with a Retry; the header, the menu and every other route keep working.
 */
export function RemoteErrorBoundary({ area, onRetry, children }: Props) {
  return (
    <ErrorBoundary
      fallbackRender={({ error }) => <LoadFailedMessage area={area} onRetry={() => onRetry(error)} />}
    >
      {children}
    </ErrorBoundary>
  );
}
