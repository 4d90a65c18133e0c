import { Link } from '@lender/shared/client/router';

/** The lender's name, shown as the title of the back office. */
export const LENDER_NAME = 'Simu Credit';

/** The lender's mark: a phone with a shilling sign, in the brand colour. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#465fff" />
      <rect x="10" y="5" width="12" height="22" rx="2.5" fill="none" stroke="#fff" strokeWidth="2" />
      <path
        d="M13 14.5c0-1.4 1.3-2.3 3-2.3s3 .8 3 2.1M19 18.2c0 1.4-1.3 2.3-3 2.3s-3-.8-3-2.1M13 14.5c0 2.7 6 1 6 3.7M16 10.5v1.7m0 8.3v1.7"
        fill="none"
        stroke="#fff"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The logo: the mark and, unless `compact`, the name; a link to the dashboard. */
export function BrandLogo({ compact = false, size = 32 }: { compact?: boolean; size?: number }) {
  return (
    <Link to="/" className="brand-logo" aria-label={`${LENDER_NAME} home`}>
      <BrandMark size={size} />
      {compact ? null : <span className="brand-logo__name">{LENDER_NAME}</span>}
    </Link>
  );
}
