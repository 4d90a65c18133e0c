import { serverMessage, type RequestError } from '@lender/shared/client/api-error';
import type { User } from '@lender/shared/contract/users';
import { texts } from '@lender/shared/texts';
import { App } from '@lender/shared/ui/antd';
import { useDeactivateUserMutation, useReactivateUserMutation } from '../../../api/admin-api';
import { fullName } from '../user-name';

/** Toasts of the users page: top right, closing after 5 s (docs/product.md#constants). */
export const USERS_TOAST = { placement: 'topRight', duration: 5 } as const;

type Outcome = { data: { message: string } } | { error: RequestError };

/** Toasts the server's answer to an action, success or failure; true when it succeeded. */
export function useToastOutcome() {
  const { notification } = App.useApp();
  return (outcome: Outcome): boolean => {
    if ('error' in outcome) {
      notification.error({
        ...USERS_TOAST,
        title: serverMessage(outcome.error, texts.errors.unexpectedTryAgain),
      });
      return false;
    }
    notification.success({ ...USERS_TOAST, title: outcome.data.message });
    return true;
  };
}

/**
 * Deactivate and Reactivate, each after a dialog naming the user; the server's answer is toasted
 * (the last active admin, or oneself, cannot be deactivated: the server says so).
 */
export function useUserStatusActions() {
  const { modal } = App.useApp();
  const toastOutcome = useToastOutcome();
  const [deactivateUser, deactivation] = useDeactivateUserMutation();
  const [reactivateUser, reactivation] = useReactivateUserMutation();

  const confirmDeactivate = (user: User): void => {
    modal.confirm({
      title: `Deactivate ${fullName(user)}?`,
      content: 'They are signed out at once and cannot sign in until they are reactivated.',
      okText: 'Deactivate',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        toastOutcome(await deactivateUser(user.id));
      },
    });
  };

  const confirmReactivate = (user: User): void => {
    modal.confirm({
      title: `Reactivate ${fullName(user)}?`,
      content: 'They can sign in again with their password.',
      okText: 'Reactivate',
      cancelText: 'Cancel',
      onOk: async () => {
        toastOutcome(await reactivateUser(user.id));
      },
    });
  };

  const busyId = deactivation.isLoading
    ? deactivation.originalArgs
    : reactivation.isLoading
      ? reactivation.originalArgs
      : undefined;

  return { confirmDeactivate, confirmReactivate, busyId };
}
