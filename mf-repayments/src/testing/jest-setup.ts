import { injectApi } from '@lender/shared/client/store';
import { repaymentsApi } from '../api/repayments-api';

// The remote's api slice goes into the shared store once, as exposes/pages.tsx does in the browser.
injectApi(repaymentsApi);
