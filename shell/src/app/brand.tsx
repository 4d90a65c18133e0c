import { Link } from '@lender/shared/client/router';
import { BRAND_COLOR, BRAND_MARK_PATH, LENDER_NAME } from './lender';
import './brand.css';

export { LENDER_NAME };

/** The lender's mark: a phone with a shilling sign, in the brand colour. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={BRAND_COLOR} />
      <rect x="10" y="5" width="12" height="22" rx="2.5" fill="none" stroke="#fff" strokeWidth="2" />
      <path d={BRAND_MARK_PATH} fill="none" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
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
