import type { SearchResults } from '@lender/shared/contract/search';
import { appRoutes } from '@lender/shared/contract/routes';
import { formatKsh } from '@lender/shared/domain/money';

/** One record the header search found: what it reads and where it opens. */
export interface BookHit {
  /** Unique among the options (two hits may open the same loan). */
  key: string;
  label: string;
  path: string;
}

export interface BookHitGroup {
  title: 'Customers' | 'Loans' | 'Repayments';
  hits: BookHit[];
}

/**
 * The server's results as option groups: a customer opens their page, a loan or a repayment the
 * loan's detail.
 */
export function bookHitGroups(results: SearchResults | undefined): BookHitGroup[] {
  if (!results) return [];
  const groups: BookHitGroup[] = [
    {
      title: 'Customers',
      hits: results.customers.map((c) => ({
        key: `customer:${c.id}`,
        label: `${c.name} · ${c.phone} · ID ${c.national_id}`,
        path: appRoutes.customerPage(c.id),
      })),
    },
    {
      title: 'Loans',
      hits: results.loans.map((l) => ({
        key: `loan:${l.id}`,
        label: `${l.account_number} · ${l.customer_name} · ${l.model} · IMEI ${l.imei}`,
        path: appRoutes.viewLoan(l.id),
      })),
    },
    {
      title: 'Repayments',
      hits: results.repayments.map((r) => ({
        key: `repayment:${r.id}`,
        label: `${r.mpesa_code} · ${formatKsh(r.amount)} · ${r.customer_name} (${r.status})`,
        path: appRoutes.viewLoan(r.loan_id),
      })),
    },
  ];
  return groups.filter((group) => group.hits.length > 0);
}
