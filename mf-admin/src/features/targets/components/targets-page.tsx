import { NotBuiltPage } from '../../../components/not-built-page';

/** Monthly targets: built together with the monthly disbursement and collection pages. */
export default function TargetsPage() {
  return <NotBuiltPage title="Monthly Targets" />;
}
