import { injectApi } from '@lender/shared/client/store';
import { adminApi } from '../api/admin-api';

// The remote's api slice goes into the shared store once, as exposes/pages.tsx does in the browser.
injectApi(adminApi);
