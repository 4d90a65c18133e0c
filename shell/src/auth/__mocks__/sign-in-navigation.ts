// jest's manual mock (`jest.mock('…/auth/sign-in-navigation')`): the page load to /signin cannot
// happen in jsdom, so goToSignInPage only records its calls; the rest is the real module.
import type * as actual from '../sign-in-navigation';

export const { SESSION_EXPIRED_QUERY } = jest.requireActual<typeof actual>('../sign-in-navigation');
export const goToSignInPage = jest.fn<void, Parameters<typeof actual.goToSignInPage>>();
