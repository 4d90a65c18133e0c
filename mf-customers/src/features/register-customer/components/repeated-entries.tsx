import type { ReactNode } from 'react';
import { Button, Col, Flex, Form, Input, Row } from '@lender/shared/ui/antd';
import { formatRule, requiredText } from '@lender/shared/ui/form-rules';
import { PlusOutlined } from '@lender/shared/ui/icons';
import { EntryGroup } from './entry-group';

interface RepeatedEntriesProps {
  /** The form list's name: 'referees', or [guarantorIndex, 'collaterals'] inside a guarantor. */
  name: string | [number, string];
  /** "Next of Kin 2", "Guarantor 1 Collateral 1": names the entry's group and its Remove button. */
  entryTitle: (position: number) => string;
  /** What one entry is called on the buttons: "Add Collateral", "Remove Collateral". */
  noun: string;
  /** Add is disabled at this many entries. */
  max: number;
  /** Fewer entries than this cannot be left (Remove is hidden); the form starts with this many. */
  min?: number;
  /** The accessible name of Add when the visible text alone is ambiguous ("Add Collateral for Guarantor 1"). */
  addLabel?: string;
  newEntry?: Record<string, unknown>;
  /** The fields of one entry, given its index in the list and its title. */
  children: (fieldName: number, title: string) => ReactNode;
}

/** A repeatable group of fields with Add and Remove (next of kin, collaterals, guarantors). */
export function RepeatedEntries({
  name,
  entryTitle,
  noun,
  max,
  min = 0,
  addLabel,
  newEntry = {},
  children,
}: RepeatedEntriesProps) {
  return (
    <Form.List name={name} initialValue={min > 0 ? Array.from({ length: min }, () => ({})) : undefined}>
      {(fields, { add, remove }) => (
        <Flex vertical gap="middle">
          {fields.map((field, index) => {
            const title = entryTitle(index + 1);
            return (
              <EntryGroup
                key={field.key}
                title={title}
                extra={
                  fields.length > min ? (
                    <Button size="small" aria-label={`Remove ${title}`} onClick={() => remove(field.name)}>
                      Remove {noun}
                    </Button>
                  ) : null
                }
              >
                {children(field.name, title)}
              </EntryGroup>
            );
          })}
          <div>
            <Button
              icon={<PlusOutlined aria-hidden />}
              aria-label={addLabel}
              disabled={fields.length >= max}
              onClick={() => add({ ...newEntry })}
            >
              Add {noun}
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}

interface EntryTextFieldProps {
  label: string;
  /** [entry index, field key] inside the entry's list. */
  name: [number, string];
  /** The inline message when left empty; an optional field has none. */
  requiredMessage?: string;
  /** The contract's schema of the field: its message shows once something is typed that it refuses. */
  check?: Parameters<typeof formatRule>[0];
  /** Columns out of 24 from the md breakpoint up (full width below). */
  span: number;
  type?: 'tel';
  inputMode?: 'numeric';
}

/** One text field of an entry, in its column. */
export function EntryTextField({
  label,
  name,
  requiredMessage,
  check,
  span,
  type,
  inputMode,
}: EntryTextFieldProps) {
  return (
    <Col xs={24} md={span}>
      <Form.Item
        label={label}
        name={name}
        rules={[
          ...(requiredMessage ? [requiredText(requiredMessage)] : []),
          ...(check ? [formatRule(check)] : []),
        ]}
      >
        <Input type={type} inputMode={inputMode} placeholder={type === 'tel' ? '0712345678' : undefined} />
      </Form.Item>
    </Col>
  );
}

/** One text field of an entry, by its key in the entry. */
export type EntryFieldSpec = Omit<EntryTextFieldProps, 'name' | 'span'> & { key: string };

/** An entry's text fields in one row, each `span` columns wide. */
export function EntryTextFields({
  entry,
  fields,
  span,
}: {
  entry: number;
  fields: EntryFieldSpec[];
  span: number;
}) {
  return (
    <Row gutter={16}>
      {fields.map(({ key, ...field }) => (
        <EntryTextField key={key} {...field} name={[entry, key]} span={span} />
      ))}
    </Row>
  );
}
