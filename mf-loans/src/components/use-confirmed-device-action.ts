import { createElement } from 'react';
import { serverMessage, type RequestError } from '@lender/shared/client/api-error';
import type { DeviceActionResponse } from '@lender/shared/contract/loans';
import { texts } from '@lender/shared/texts';
import { App } from '@lender/shared/ui/antd';
import { ConfirmFacts, type ConfirmFact } from '@lender/shared/ui/use-confirm.tsx';
import { LOAN_TOAST } from './loan-toast';

interface DeviceAction {
  title: string;
  /** The specification's question, then what the action touches. */
  question: string;
  facts: ConfirmFact[];
  okText: string;
  /** The mutation call; RTK Query's result shape. */
  run: () => Promise<{ data: DeviceActionResponse } | { error: RequestError }>;
  /** Said when the server's answer carries no message. */
  successText: string;
}

/**
 * Lock and Repossess: a danger confirm dialog, then the server's answer as a toast. A failure
 * reads 'Error locking phone' (docs/product.md#messages) with the server's reason under it.
 */
export function useConfirmedDeviceAction() {
  const { modal, notification } = App.useApp();
  return ({ title, question, facts, okText, run, successText }: DeviceAction): void => {
    modal.confirm({
      title,
      content: createElement(ConfirmFacts, { question, facts }),
      okText,
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        const result = await run();
        if ('error' in result) {
          const reason = serverMessage(result.error, '');
          notification.error({
            ...LOAN_TOAST,
            title: texts.errors.lockFailed,
            ...(reason ? { description: reason } : {}),
          });
          return;
        }
        notification.success({ ...LOAN_TOAST, title: result.data.message || successText });
      },
    });
  };
}
