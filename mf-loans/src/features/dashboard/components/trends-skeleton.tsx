import { theme } from '@lender/shared/ui/antd-core';

/** A grey block in the section's place while its chunk loads (plain elements: antd-core has no Skeleton). */
export function TrendsSkeleton() {
  const { token } = theme.useToken();
  const block = (height: number) => ({
    height,
    borderRadius: token.borderRadiusLG,
    background: token.colorFillQuaternary,
    border: `1px solid ${token.colorBorderSecondary}`,
  });
  return (
    <div aria-busy="true" aria-label="Loading the trends" role="status" style={{ display: 'grid', gap: 16 }}>
      <div style={block(260)} />
      <div style={block(160)} />
    </div>
  );
}
