import { createRemoteApi } from '@lender/shared/client/create-remote-api';

/**
 * The loans remote's one api slice, with no endpoints of its own: every feature adds its
 * endpoints from its own folder with `loansApi.injectEndpoints(...)`. Besides the shared tag
 * names, a loan's messages and device commands (issue 35), which only the loan page shows here.
 */
export const loansApi = createRemoteApi('loansApi', ['Message', 'DeviceCommand']);
