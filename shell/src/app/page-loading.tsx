import { texts } from '@lender/shared/texts';
import { Flex, Spin } from '@lender/shared/ui/antd-core';
import { PageHeadingLoading } from '@lender/shared/ui/lazy-page.tsx';

/**
 * What a page area shows while its code or its remote loads: a spinner, or given the page's
 * heading, the heading and the page's loading line, so nothing moves when the page arrives.
 */
export function PageLoading({ heading }: { heading?: string } = {}) {
  if (heading) return <PageHeadingLoading heading={heading} />;
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin size="large" description={texts.common.loading} />
    </Flex>
  );
}
