import { useState } from 'react';
import { updateMessageTemplateSchema, type MessageTemplate } from '@lender/shared/contract/messages';
import { formatDateTime } from '@lender/shared/domain/date-time';
import {
  renderTemplate,
  SAMPLE_TEMPLATE_VALUES,
  unknownPlaceholders,
} from '@lender/shared/domain/message-templates';
import { smsLength } from '@lender/shared/domain/sms-parts';
import { Button, Card, Flex, Form, Input, Typography, theme, type FormRule } from '@lender/shared/ui/antd';
import { schemaRule } from '@lender/shared/ui/form-rules';
import { useResultToast } from '@lender/shared/ui/use-result-toast';
import { usePutMessageTemplateMutation } from '../api/messaging-api';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-KE')} ${count === 1 ? one : many}`;

/** "Unknown placeholder {fee}" / "Unknown placeholders {fee}, {date}": before any request. */
function unknownPlaceholdersText(names: string[]): string {
  const listed = names.map((name) => `{${name}}`).join(', ');
  return `Unknown ${names.length === 1 ? 'placeholder' : 'placeholders'} ${listed}: use only the placeholders listed above.`;
}

const knownPlaceholdersOnly: FormRule = {
  validator: async (_rule, value: unknown) => {
    const unknown = typeof value === 'string' ? unknownPlaceholders(value) : [];
    if (unknown.length > 0) throw new Error(unknownPlaceholdersText(unknown));
  },
};

const TEXT_RULES: FormRule[] = [schemaRule(updateMessageTemplateSchema.shape.text), knownPlaceholdersOnly];

/** What a customer would read, with the sample values, and what it costs in SMS parts. */
function TemplatePreview({ text, label }: { text: string; label: string }) {
  const { token } = theme.useToken();
  const rendered = renderTemplate(text, SAMPLE_TEMPLATE_VALUES);
  const length = smsLength(rendered);
  return (
    <section aria-label={`Preview of ${label}`}>
      <Typography.Text strong>Preview</Typography.Text>{' '}
      <Typography.Text type="secondary">(with sample values)</Typography.Text>
      <Typography.Paragraph
        style={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          margin: '4px 0',
          padding: '8px 12px',
          borderRadius: token.borderRadius,
          background: token.colorFillQuaternary,
        }}
      >
        {rendered}
      </Typography.Paragraph>
      <Typography.Text type="secondary">
        {plural(length.characters, 'character', 'characters')} ·{' '}
        {plural(length.parts, 'SMS part', 'SMS parts')}
        {length.encoding === 'UCS-2'
          ? ' (a character outside the GSM alphabet makes each part 70 characters, not 160)'
          : ''}
      </Typography.Text>
    </section>
  );
}

/**
 * One kind of message: when it is sent, its text, a live preview with the sample values and its
 * length in SMS parts; an unknown {placeholder} is flagged as it is typed, and Save sends the text.
 * Remounted when the saved template comes back (keyed by its updated_at), so it starts from it.
 */
export function TemplateEditor({ template }: { template: MessageTemplate }) {
  // The preview follows every keystroke (onValuesChange: synchronous, unlike Form.useWatch).
  const [text, setText] = useState(template.text);
  const [putTemplate, { isLoading }] = usePutMessageTemplateMutation();
  const toastResult = useResultToast();

  const save = async ({ text: newText }: { text: string }) => {
    toastResult(await putTemplate({ kind: template.kind, text: newText.trim() }));
  };

  return (
    <Card
      size="small"
      role="region"
      aria-label={template.label}
      title={
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          {template.label}
        </Typography.Title>
      }
    >
      <Flex vertical gap="small">
        <Typography.Text type="secondary">Sent: {template.when}</Typography.Text>
        <Form<{ text: string }>
          name={`template-${template.kind}`}
          layout="vertical"
          initialValues={{ text: template.text }}
          onValuesChange={(_changed, values) => setText(values.text ?? '')}
          onFinish={(values) => void save(values)}
          requiredMark={false}
        >
          <Form.Item label="Message text" name="text" rules={TEXT_RULES}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
          </Form.Item>
          <TemplatePreview text={text} label={template.label} />
          <Flex justify="space-between" align="center" wrap gap="small" style={{ marginTop: 12 }}>
            <Typography.Text type="secondary">
              {template.updated_at
                ? `Last changed by ${template.updated_by_name ?? 'an admin'} on ${formatDateTime(template.updated_at)}`
                : 'The default text'}
            </Typography.Text>
            <Button
              type="primary"
              htmlType="submit"
              loading={isLoading}
              aria-label={`Save ${template.label}`}
            >
              Save
            </Button>
          </Flex>
        </Form>
      </Flex>
    </Card>
  );
}
