import { PROMISE_FILTERS, PROMISE_STATUS_LABELS, type PromiseFilter } from '@lender/shared/contract/notes';
import type { LoanRow } from '@lender/shared/contract/loans';
import { texts } from '@lender/shared/texts';
import type { TableColumnsType } from '@lender/shared/ui/antd';
import type { SelectFilter } from '@lender/shared/ui/list-filter-bar.tsx';
import { datePart } from '../../../components/loan-columns';
import { PromiseSummary } from '../../../components/promise-tag';

/**
 * The due and defaulted lists' Promise column (issue 14, collections): the loan's latest promise to
 * pay, its date and amount, and whether it was kept (a Pending / Kept / Broken tag); 'N/A' when
 * none was recorded.
 */
export const PROMISE_COLUMNS: TableColumnsType<LoanRow> = [
  {
    title: 'Promise',
    key: 'promise',
    render: (_, loan) =>
      loan.promise_date && loan.promise_status ? (
        <PromiseSummary
          date={datePart(loan.promise_date)}
          amount={loan.promise_amount}
          status={loan.promise_status}
        />
      ) : (
        texts.common.notAvailable
      ),
  },
];

const FILTER_LABELS: Record<PromiseFilter, string> = {
  none: 'No promise',
  ...PROMISE_STATUS_LABELS,
};

/** The lists' "Promise" filter: any, none, pending, kept or broken (`?promise=broken`). */
export const PROMISE_FILTER: SelectFilter = {
  kind: 'select',
  name: 'promise',
  label: 'Promise',
  placeholder: 'Any promise',
  options: PROMISE_FILTERS.map((filter) => ({
    value: filter,
    label: filter === 'none' ? FILTER_LABELS[filter] : `Promise ${FILTER_LABELS[filter].toLowerCase()}`,
  })),
};
