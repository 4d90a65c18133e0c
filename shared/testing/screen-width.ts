/**
 * Lets antd's breakpoints (Grid.useBreakpoint, Table column `responsive`) see a screen of the
 * given width: jsdom has no layout, and the default matchMedia polyfill matches nothing.
 * Returns a function that puts the previous matchMedia back.
 */
export function emulateScreenWidth(width: number): () => void {
  const previous = window.matchMedia;
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    // The stub jest-polyfills.cjs installs, answering for this width.
    return { ...previous(query), matches };
  }) as typeof window.matchMedia;
  return () => {
    window.matchMedia = previous;
  };
}
