import { useId, type ReactNode } from 'react';
import { Card } from '@lender/shared/ui/antd';

/**
 * One entry of a repeatable list ("Next of Kin 2", "Guarantor 1 Collateral 1"): a group named by
 * its title, so a screen reader says which entry a field belongs to.
 */
export function EntryGroup({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card
      size="small"
      role="group"
      aria-labelledby={titleId}
      title={<span id={titleId}>{title}</span>}
      extra={extra}
    >
      {children}
    </Card>
  );
}
