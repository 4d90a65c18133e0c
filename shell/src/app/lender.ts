// The lender's name and mark, without React, for the app and the static sign-in page alike.

/** The lender's name, shown as the title of the back office. */
export const LENDER_NAME = 'Simu Credit';

/** A browser tab's title: the page's name, then the lender's (here, so that any page can name its tab). */
export const pageTitle = (name: string) => `${name} · ${LENDER_NAME}`;

/** The brand colour (antd's colorPrimary). */
export const BRAND_COLOR = '#465fff';

/** The mark's phone outline and shilling sign, drawn in white on a BRAND_COLOR tile of 32×32. */
export const BRAND_MARK_PATH =
  'M13 14.5c0-1.4 1.3-2.3 3-2.3s3 .8 3 2.1M19 18.2c0 1.4-1.3 2.3-3 2.3s-3-.8-3-2.1M13 14.5c0 2.7 6 1 6 3.7M16 10.5v1.7m0 8.3v1.7';
