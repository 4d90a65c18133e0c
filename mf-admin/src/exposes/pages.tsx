import type { RemotePagesModule } from '@lender/shared/client/remote-pages';
import { injectApi } from '@lender/shared/client/store';
import { pagesOf } from '@lender/shared/ui/lazy-page.tsx';
import { adminApi } from '../api/admin-api';
import { pageDeclarations } from '../page-declarations';

// Evaluated once, when the shell first loads this remote: the users api joins the shell's store.
injectApi(adminApi);

/** What the shell mounts, keyed by the route patterns this remote declares (../page-declarations.ts). */
export const pages = pagesOf(pageDeclarations) satisfies RemotePagesModule['pages'];
