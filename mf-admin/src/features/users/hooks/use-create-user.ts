import { useNavigate } from '@lender/shared/client/router';
import {
  apiErrorBody,
  hasErrorField,
  httpStatus,
  serverMessage,
  type RequestError,
} from '@lender/shared/client/api-error';
import { getToken } from '@lender/shared/client/session';
import { appRoutes } from '@lender/shared/contract/routes';
import type { Role } from '@lender/shared/domain/roles';
import { texts } from '@lender/shared/texts';
import { App, type FormInstance, type UploadFile } from '@lender/shared/ui/antd';
import { showServerFieldErrors } from '@lender/shared/ui/server-field-errors';
import { useRegisterUserMutation } from '../../../api/admin-api';

export interface CreateUserValues {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  password: string;
  /** The Upload's file list: at most one chosen image, kept in the browser until submit. */
  avatar?: UploadFile[];
}

/** The specification puts this screen's toasts at the bottom right, for 5 seconds. */
const TOAST = { placement: 'bottomRight', duration: 5 } as const;

/** Answers about what was typed (invalid field, e-mail taken, too many attempts) carry a message worth showing. */
const INPUT_PROBLEM_STATUSES = new Set([400, 409, 413, 415, 422, 429]);

/**
 * What a staff member reads when creating a user fails: the server's reason for a problem with the
 * input (errors[0].msg or message, e.g. a duplicate e-mail), "You are not authorized" when the
 * answer carries an `error` field, otherwise the specification's unexpected-error text.
 */
export function createUserFailureText(error: RequestError): string {
  const status = httpStatus(error);
  const body = apiErrorBody(error);
  if (status !== null && INPUT_PROBLEM_STATUSES.has(status) && (body?.errors?.[0]?.msg || body?.message)) {
    return serverMessage(error, texts.errors.unexpectedTryAgain);
  }
  if (hasErrorField(error)) return texts.auth.notAuthorized;
  return texts.errors.unexpectedTryAgain;
}

/** The multipart body of POST /api/users/register; the avatar part only when an image was chosen. */
export function toRegisterUserBody(values: CreateUserValues): FormData {
  const body = new FormData();
  body.append('firstName', values.firstName);
  body.append('lastName', values.lastName);
  body.append('email', values.email);
  body.append('role', values.role);
  body.append('password', values.password);
  const avatar = values.avatar?.[0]?.originFileObj;
  if (avatar) body.append('avatar', avatar, avatar.name);
  return body;
}

/**
 * Creates a staff user: refuses without a stored token (nothing is sent); on success calls
 * `onCreated` (the form clears itself), toasts and goes to the users list.
 */
export function useCreateUser({
  onCreated,
  form,
}: {
  onCreated: () => void;
  /** Shows the server's field messages (an e-mail already taken) under their fields. */
  form: FormInstance;
}) {
  const [registerUser, { isLoading }] = useRegisterUserMutation();
  const { notification } = App.useApp();
  const navigate = useNavigate();

  const createUser = async (values: CreateUserValues): Promise<void> => {
    if (!getToken()) {
      notification.error({ ...TOAST, title: texts.auth.notAuthorizedNoToken });
      return;
    }
    const result = await registerUser(toRegisterUserBody(values));
    if ('error' in result) {
      showServerFieldErrors(form, result.error);
      notification.error({ ...TOAST, title: createUserFailureText(result.error) });
      return;
    }
    onCreated();
    notification.success({ ...TOAST, title: texts.success.userCreated });
    navigate(appRoutes.allUsers);
  };

  return { createUser, isCreating: isLoading };
}
