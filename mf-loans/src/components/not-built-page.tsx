import { texts } from '@lender/shared/texts';
import { Result } from '@lender/shared/ui/antd';
import { PageHeader } from '@lender/shared/ui/page-header.tsx';

/** A screen whose route exists but whose content arrives in a later issue: says so, pretends nothing. */
export function NotBuiltPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Result status="info" title={texts.remotes.notBuilt} />
    </>
  );
}
