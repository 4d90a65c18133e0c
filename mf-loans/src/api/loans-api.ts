import { createRemoteApi } from '@lender/shared/client/create-remote-api';

/**
 * The loans remote's one api slice, with no endpoints of its own: every feature adds its
 * endpoints from its own folder with `loansApi.injectEndpoints(...)`.
 */
export const loansApi = createRemoteApi('loansApi');
