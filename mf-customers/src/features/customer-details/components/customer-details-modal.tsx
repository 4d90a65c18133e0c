import type { ReactNode } from 'react';
import { serverMessage } from '@lender/shared/client/api-error';
import type { CustomerDetails } from '@lender/shared/contract/customers';
import { texts } from '@lender/shared/texts';
import { Alert, Button, Descriptions, Flex, Modal, Spin, Typography } from '@lender/shared/ui/antd';
import { useGetCustomerDetailsQuery } from '../../../api/customers-api';
import type { CustomerDetailsModalProps } from '../../../components/customer-details-modal-props';
import { customerItems, type CustomerItemKey } from '../../../components/customer-items';
import { CUSTOMER_TEXT_FIELDS } from '../../../components/customer-text-fields';
import { customerFullName } from '../../../components/customer-name';
import { CollateralsTable } from '../../../components/collaterals-table';
import { GuarantorsList } from '../../../components/guarantors-list';
import { RefereesTable } from '../../../components/referees-table';
import { CustomerPhotos } from '../../../components/customer-photos';

/** Everything registered, in the registration form's order. */
const PERSONAL_KEYS: readonly CustomerItemKey[] = [
  ...CUSTOMER_TEXT_FIELDS,
  'monthly_income',
  'created_by_name',
  'created_at',
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 24 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function DetailsContent({ details }: { details: CustomerDetails }) {
  const { customer, collaterals, referees, guarantors } = details;
  const name = customerFullName(customer);
  return (
    <>
      <Section title="Personal Information">
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={customerItems(customer, PERSONAL_KEYS)}
        />
      </Section>
      <Section title="Photos">
        <CustomerPhotos customer={customer} width={180} gap="large" />
      </Section>
      <Section title="Collaterals">
        <CollateralsTable collaterals={collaterals} label={`Collaterals of ${name}`} />
      </Section>
      <Section title="Referees">
        <RefereesTable referees={referees} label={`Referees of ${name}`} />
      </Section>
      <Section title="Guarantors">
        <GuarantorsList guarantors={guarantors} detailed />
      </Section>
    </>
  );
}

/** View (docs/product.md#customer-list): the modal 'Customer Details' with everything registered about one customer. */
export default function CustomerDetailsModal({
  customerId,
  open,
  onClose,
  afterClose,
}: CustomerDetailsModalProps) {
  const { data, error, isLoading } = useGetCustomerDetailsQuery(customerId);

  return (
    <Modal
      title={texts.dialogs.customerDetails}
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      width={860}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {isLoading ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin description={texts.common.loading} />
        </Flex>
      ) : error ? (
        <Alert type="error" showIcon title={serverMessage(error, texts.errors.unexpectedTryAgain)} />
      ) : data ? (
        <DetailsContent details={data} />
      ) : null}
    </Modal>
  );
}
