import { lazy, Suspense, type ComponentType } from 'react';
import { Flex, Spin } from '@lender/shared/ui/antd-core';

/**
 * A remote's page as its own chunk, fetched the first time its route is shown, with a spinner
 * meanwhile.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  return function LazyPage() {
    return (
      <Suspense
        fallback={
          <Flex justify="center">
            <Spin />
          </Flex>
        }
      >
        <Page />
      </Suspense>
    );
  };
}
