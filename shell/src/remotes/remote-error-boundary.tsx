import { Component, type ReactNode } from 'react';
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
  /** Called by the Retry button with the error that was caught. */
  onRetry: (error: unknown) => void;
  children: ReactNode;
}

interface State {
  error: unknown;
}

/**
 * Catches a remote that failed to load (or a remote page that crashed) and says so inside the
 * layout, with a Retry; the header, the menu and every other route keep working.
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <LoadFailedMessage area={this.props.area} onRetry={() => this.props.onRetry(error)} />;
  }
}
