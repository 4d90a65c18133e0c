import { lazy, Suspense, type ComponentType } from 'react';
import { texts } from '@lender/shared/texts';
import { Flex, Spin, Typography } from '@lender/shared/ui/antd-core';
import type { PageDeclaration } from '../contract/page-declarations';

/**
 * A page's heading and its loading line, as a page with that heading renders them before its
 * data: shown while the page's code loads, so the heading (the page's largest text, its LCP)
 * paints with the layout and nothing moves when the page arrives.
 */
export function PageHeadingLoading({ heading }: { heading: string }) {
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0, marginBottom: 24 }}>
        {heading}
      </Typography.Title>
      <Typography.Text aria-live="polite">{texts.common.loading}</Typography.Text>
    </>
  );
}

/**
 * A remote's page as its own chunk, fetched the first time its route is shown, with a spinner
 * meanwhile, or the page's heading when given (see PageHeadingLoading).
 */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
  { heading }: { heading?: string } = {},
): ComponentType {
  const Page = lazy(load);
  return function LazyPage() {
    return (
      <Suspense
        fallback={
          heading ? (
            <PageHeadingLoading heading={heading} />
          ) : (
            <Flex justify="center">
              <Spin />
            </Flex>
          )
        }
      >
        <Page />
      </Suspense>
    );
  };
}

/** A remote's exposed pages keyed by route pattern: the literal paths typed, a computed one as an index. */
export type ExposedPages<Pages extends readonly PageDeclaration[]> = {
  [Page in Pages[number] as Page['path']]: ComponentType;
};

/**
 * What a remote exposes as `./pages`, from its page declarations (its src/page-declarations.ts):
 * each page as its own chunk under its route, with its heading while it loads. The only place a
 * page becomes a component, so that a page is declared once.
 */
export function pagesOf<const Pages extends readonly PageDeclaration[]>(
  declarations: Pages,
): ExposedPages<Pages> {
  return Object.fromEntries(
    declarations.map(({ path, load, heading }) => [path, lazyPage(load, heading ? { heading } : {})]),
  ) as ExposedPages<Pages>;
}
