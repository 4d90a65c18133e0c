import { serverMessage } from '@lender/shared/client/api-error';
import { texts } from '@lender/shared/texts';
import { Descriptions, Flex, Skeleton, Typography } from '@lender/shared/ui/antd';
import { ListErrorAlert } from '@lender/shared/ui/list-error-alert.tsx';
import { useGetMessageTemplatesQuery } from '../api/messaging-api';
import { TemplateEditor } from './template-editor';

/**
 * The messages' templates: the placeholders a text may use, then one editor per kind of message.
 */
export function TemplatesPanel() {
  const { data, error, isLoading, isFetching, refetch } = useGetMessageTemplatesQuery();

  if (error && !isFetching) {
    return (
      <ListErrorAlert
        error={error}
        message="The message templates could not be loaded."
        detail={serverMessage(error, texts.errors.unexpectedTryAgain)}
        onRetry={() => void refetch()}
      />
    );
  }
  if (isLoading || !data) return <Skeleton active />;

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        Message templates
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Each message is sent with its {'{placeholders}'} filled from the loan. The preview uses sample values;
        an SMS part holds 160 characters, or 153 each when a message takes several.
      </Typography.Paragraph>
      <Descriptions
        title={
          <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
            Placeholders
          </Typography.Title>
        }
        size="small"
        bordered
        column={1}
        items={data.placeholders.map((placeholder) => ({
          key: placeholder.name,
          label: <code>{`{${placeholder.name}}`}</code>,
          children: placeholder.meaning,
        }))}
      />
      {data.templates.map((template) => (
        <TemplateEditor key={`${template.kind}-${template.updated_at ?? 'default'}`} template={template} />
      ))}
    </Flex>
  );
}
