import { texts } from '@lender/shared/texts';
import { Flex, Spin } from '@lender/shared/ui/antd-core';

/** What a page area shows while its code or its remote loads. */
export function PageLoading() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin size="large" description={texts.common.loading} />
    </Flex>
  );
}
