import type { RemotePagesModule } from '@lender/shared/client/remote-pages';
import { injectApi } from '@lender/shared/client/store';
import { pagesOf } from '@lender/shared/ui/lazy-page.tsx';
import { customersApi } from '../api/customers-api';
import { pageDeclarations } from '../page-declarations';

// Evaluated once, when the shell first loads this remote: the customers api joins the shell's store.
injectApi(customersApi);

/** What the shell mounts, keyed by the route patterns this remote declares (../page-declarations.ts). */
export const pages = pagesOf(pageDeclarations) satisfies RemotePagesModule['pages'];
