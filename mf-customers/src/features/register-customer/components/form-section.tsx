import { useId, type ReactNode } from 'react';
import { Card, Typography } from '@lender/shared/ui/antd';

/** A titled part of the form ('Personal Information', 'Next of Kin', …) with an h2 screen readers can jump to. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Card
        title={
          <Typography.Title level={2} id={titleId} style={{ fontSize: 16, margin: 0 }}>
            {title}
          </Typography.Title>
        }
      >
        {children}
      </Card>
    </section>
  );
}
