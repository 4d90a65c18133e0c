import { formatDay } from '@lender/shared/domain/date-time';
import type { ReactNode } from 'react';
import { serverMessage } from '@lender/shared/client/api-error';
import type { Customer, CustomerDetails } from '@lender/shared/contract/customers';
import { formatKsh } from '@lender/shared/domain/money';
import { texts } from '@lender/shared/texts';
import {
  Alert,
  Button,
  Descriptions,
  Flex,
  Modal,
  Spin,
  Typography,
  type DescriptionsProps,
} from '@lender/shared/ui/antd';
import { useGetCustomerDetailsQuery } from '../../../api/customers-api';
import type { CustomerDetailsModalProps } from '../../../components/customer-details-modal-props';
import { customerFullName } from '../../../components/customer-name';
import { CollateralsTable } from '../../../components/collaterals-table';
import { GuarantorsList } from '../../../components/guarantors-list';
import { RefereesTable } from '../../../components/referees-table';
import { CustomerPhotos } from '../../../components/customer-photos';

const orNotAvailable = (value: string | null | undefined): string => value || texts.common.notAvailable;

function personalItems(customer: Customer): DescriptionsProps['items'] {
  return [
    { key: 'first_name', label: 'First Name', children: customer.first_name },
    { key: 'last_name', label: 'Last Name', children: customer.last_name },
    { key: 'phone', label: 'Phone Number', children: customer.phone },
    { key: 'email', label: 'Email', children: orNotAvailable(customer.email) },
    { key: 'national_id', label: 'National ID', children: customer.national_id },
    { key: 'county', label: 'County', children: customer.county },
    { key: 'occupation', label: 'Occupation', children: customer.occupation },
    {
      key: 'residence_details',
      label: 'Residence Details',
      children: orNotAvailable(customer.residence_details),
    },
    { key: 'address', label: 'Address', children: customer.address },
    {
      key: 'monthly_income',
      label: 'Monthly Income',
      children:
        customer.monthly_income === null ? texts.common.notAvailable : formatKsh(customer.monthly_income),
    },
    { key: 'created_by_name', label: 'Created By', children: customer.created_by_name },
    { key: 'created_at', label: 'Registered On', children: formatDay(customer.created_at) },
  ];
}

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
        <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} items={personalItems(customer)} />
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
