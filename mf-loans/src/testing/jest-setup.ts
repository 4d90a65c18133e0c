import { injectApi } from '@lender/shared/client/store';
import { loansApi } from '../api/loans-api';

// The remote's api slice goes into the shared store once, as exposes/pages.tsx does in the browser.
injectApi(loansApi);
