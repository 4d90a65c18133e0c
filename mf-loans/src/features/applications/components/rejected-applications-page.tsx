import { ApplicationListPage } from './application-list-page';

/**
 * Rejected applications (/rejected-loans, docs/product.md#applications): read-only, one server page at a time (the list
 * only grows), most recently rejected first, with the page, sort and filters in the URL.
 */
export default function RejectedApplicationsPage() {
  return <ApplicationListPage list="rejected" />;
}
