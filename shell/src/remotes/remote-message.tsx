import type { ReactNode } from 'react';
import { Flex, theme } from '@lender/shared/ui/antd-core';
import { FileTextOutlined, WarningOutlined } from '@lender/shared/ui/icons';

interface RemoteMessageProps {
  status: 'info' | 'warning';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  role?: string;
}

/**
 * What a remote route says instead of its page (not built, failed to load), laid out as antd's
 * Result from what the frame already has: Result would bring its 403/404/500 illustrations to
 * every page after sign-in, for a message that is rarely shown.
 */
export function RemoteMessage({ status, title, subTitle, extra, role }: RemoteMessageProps) {
  const { token } = theme.useToken();
  const Icon = status === 'warning' ? WarningOutlined : FileTextOutlined;
  return (
    <Flex vertical align="center" role={role} style={{ padding: '48px 32px', textAlign: 'center' }}>
      <Icon
        aria-hidden
        style={{
          fontSize: 72,
          color: status === 'warning' ? token.colorWarning : token.colorInfo,
          marginBottom: token.marginLG,
        }}
      />
      <div style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading3, lineHeight: 1.33 }}>
        {title}
      </div>
      {subTitle ? (
        <div style={{ color: token.colorTextDescription, fontSize: token.fontSize, marginTop: 4 }}>
          {subTitle}
        </div>
      ) : null}
      {extra ? <div style={{ marginTop: token.marginLG }}>{extra}</div> : null}
    </Flex>
  );
}
