import { useEffect } from 'react';
import { App } from '@lender/shared/ui/antd-app';
import type { AppApi } from '@lender/shared/ui/antd-core';

export interface ToastConfig {
  message: NonNullable<Parameters<typeof App>[0]['message']>;
  notification: NonNullable<Parameters<typeof App>[0]['notification']>;
}

function Capture({ onReady }: { onReady: (api: AppApi) => void }) {
  const api = App.useApp();
  useEffect(() => onReady(api), [api, onReady]);
  return null;
}

/** antd's App, rendering only its toast and dialog holders, whose API the shell hands out (toasts.tsx). */
export default function ToastHolder({
  config,
  onReady,
}: {
  config: ToastConfig;
  onReady: (api: AppApi) => void;
}) {
  return (
    <App component={false} message={config.message} notification={config.notification}>
      <Capture onReady={onReady} />
    </App>
  );
}
