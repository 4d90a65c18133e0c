import { DATA_TAGS } from '@lender/shared/client/data-changed';
import type { RemotePagesModule } from '@lender/shared/client/remote-pages';
import { injectApi } from '@lender/shared/client/store';
import { appRoutes } from '@lender/shared/contract/routes';
import { lazyPage } from '@lender/shared/ui/lazy-page.tsx';
import { repaymentsApi } from '../api/repayments-api';

// Evaluated once, when the shell first loads this remote: the repayments api joins the shell's store.
injectApi(repaymentsApi, DATA_TAGS);

/** What the shell mounts, keyed by the route patterns this remote declares (../contributions.ts). */
export const pages = {
  [appRoutes.pendingRepayments]: lazyPage(() =>
    import(
      /* webpackChunkName: "repayment-lists" */ '../features/repayments/components/repayment-list-page'
    ).then((module) => ({ default: module.PendingRepaymentsPage })),
  ),
  [appRoutes.approvedRepayments]: lazyPage(() =>
    import(
      /* webpackChunkName: "repayment-lists" */ '../features/repayments/components/repayment-list-page'
    ).then((module) => ({ default: module.ApprovedRepaymentsPage })),
  ),
  [appRoutes.repayments]: lazyPage(() =>
    import(
      /* webpackChunkName: "repayment-lists" */ '../features/repayments/components/repayment-list-page'
    ).then((module) => ({ default: module.AllRepaymentsPage })),
  ),
  [appRoutes.mpesaSuspense]: lazyPage(
    () =>
      import(
        /* webpackChunkName: "mpesa-suspense-page" */ '../features/mpesa-suspense/components/mpesa-suspense-page'
      ),
  ),
  [appRoutes.addProduct]: lazyPage(
    () =>
      import(/* webpackChunkName: "add-product-page" */ '../features/products/components/add-product-page'),
  ),
  [appRoutes.loanProducts]: lazyPage(
    () =>
      import(
        /* webpackChunkName: "loan-products-page" */ '../features/products/components/loan-products-page'
      ),
  ),
  [appRoutes.loanReport]: lazyPage(
    () =>
      import(
        /* webpackChunkName: "loan-report-page" */ '../features/loan-report/components/loan-report-page'
      ),
  ),
  [appRoutes.monthlyActiveLoans]: lazyPage(() =>
    import(/* webpackChunkName: "monthly-pages" */ '../features/monthly/components/monthly-pages').then(
      ({ MonthlyDisbursementPage }) => ({ default: MonthlyDisbursementPage }),
    ),
  ),
  [appRoutes.monthlyApprovedRepayments]: lazyPage(() =>
    import(/* webpackChunkName: "monthly-pages" */ '../features/monthly/components/monthly-pages').then(
      ({ MonthlyCollectionPage }) => ({ default: MonthlyCollectionPage }),
    ),
  ),
} satisfies RemotePagesModule['pages'];
