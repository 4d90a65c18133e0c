import { DATA_TAGS } from '@lender/shared/client/data-changed';
import type { RemotePagesModule } from '@lender/shared/client/remote-pages';
import { injectApi } from '@lender/shared/client/store';
import { appRoutes } from '@lender/shared/contract/routes';
import { lazyPage } from '@lender/shared/ui/lazy-page.tsx';
import { loansApi } from '../api/loans-api';

// Evaluated once, when the shell first loads this remote: the loans api joins the shell's store.
injectApi(loansApi, DATA_TAGS);

/** The read-only loan lists (cleared, due, defaulted) share one chunk: one component, five configurations. */
const loanList = (
  name: 'ClearedLoansPage' | 'DueTodayPage' | 'DueTomorrowPage' | 'Due2to7Page' | 'DefaultedLoansPage',
) =>
  lazyPage(() =>
    import(/* webpackChunkName: "loan-list-page" */ '../features/loan-lists/components/loan-list-page').then(
      (module) => ({ default: module[name] }),
    ),
  );

/** What the shell mounts, keyed by the route patterns this remote declares (../contributions.ts). */
export const pages = {
  // The first page after sign-in: its heading shows while its chunk loads (the shell's too).
  [appRoutes.dashboard]: lazyPage(
    () => import(/* webpackChunkName: "dashboard-page" */ '../features/dashboard/components/dashboard-page'),
    { heading: 'Dashboard' },
  ),
  [appRoutes.loanApplication]: lazyPage(
    () =>
      import(
        /* webpackChunkName: "loan-application-page" */ '../features/loan-application/components/loan-application-page'
      ),
  ),
  [appRoutes.pendingLoans]: lazyPage(
    () =>
      import(
        /* webpackChunkName: "pending-applications-page" */ '../features/applications/components/pending-applications-page'
      ),
  ),
  [appRoutes.rejectedLoans]: lazyPage(
    () =>
      import(
        /* webpackChunkName: "rejected-applications-page" */ '../features/applications/components/rejected-applications-page'
      ),
  ),
  [appRoutes.loans]: lazyPage(
    () =>
      import(
        /* webpackChunkName: "active-loans-page" */ '../features/active-loans/components/active-loans-page'
      ),
  ),
  [appRoutes.paidLoans]: loanList('ClearedLoansPage'),
  [appRoutes.pendingDisbursement]: lazyPage(
    () =>
      import(
        /* webpackChunkName: "pending-disbursement-page" */ '../features/pending-disbursement/components/pending-disbursement-page'
      ),
  ),
  [appRoutes.dueToday]: loanList('DueTodayPage'),
  [appRoutes.dueTomorrow]: loanList('DueTomorrowPage'),
  [appRoutes.due2to7]: loanList('Due2to7Page'),
  [appRoutes.defaulted]: loanList('DefaultedLoansPage'),
  [appRoutes.viewLoan(':id')]: lazyPage(
    () =>
      import(
        /* webpackChunkName: "loan-detail-page" */ '../features/loan-detail/components/loan-detail-page'
      ),
  ),
} satisfies RemotePagesModule['pages'];
