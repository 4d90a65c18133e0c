import type { ReactNode } from 'react';
// The federation singleton, not a relative copy: App.useApp() must see the shell's <App>.
import { App, Typography } from '@lender/shared/ui/antd';

export interface ConfirmFact {
  label: string;
  value: ReactNode;
}

/** The question and what the action touches (customer, amount, M-Pesa code), as a term list. */
export function ConfirmFacts({ question, facts }: { question?: string; facts: ConfirmFact[] }) {
  return (
    <>
      {question ? <Typography.Paragraph>{question}</Typography.Paragraph> : null}
      <dl className="confirm-facts" style={{ margin: 0 }}>
        {facts.map(({ label, value }) => (
          <div key={label} style={{ display: 'flex', gap: 8 }}>
            <dt style={{ fontWeight: 600 }}>{label}:</dt>
            <dd style={{ margin: 0 }}>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

export interface ConfirmOptions {
  title: string;
  question?: string;
  facts: ConfirmFact[];
  okText: string;
  danger?: boolean;
  /** Runs on OK; the dialog stays open (its button loading) until it settles. */
  onOk: () => unknown;
}

/**
 * A confirmation before an action that moves money or a phone, naming what it touches, so that
 * a slip of the mouse on a table row cannot approve, disburse or lock the wrong one.
 */
export function useConfirm(): (options: ConfirmOptions) => void {
  const { modal } = App.useApp();
  return ({ title, question, facts, okText, danger = false, onOk }) => {
    modal.confirm({
      title,
      content: <ConfirmFacts question={question} facts={facts} />,
      okText,
      cancelText: 'Cancel',
      ...(danger ? { okButtonProps: { danger: true } } : {}),
      onOk: async () => {
        await onOk();
      },
    });
  };
}
