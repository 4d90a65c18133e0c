import { createRemoteApi } from '@lender/shared/client/create-remote-api';

/**
 * The repayments remote's one api slice, with no endpoints of its own: every feature adds its
 * endpoints from its own folder with `repaymentsApi.injectEndpoints(...)`.
 */
export const repaymentsApi = createRemoteApi('repaymentsApi');
