import type { Customer } from '@lender/shared/contract/customers';
import { Flex, Image, Typography } from '@lender/shared/ui/antd';
import { customerFullName } from './customer-name';

function Photo({
  src,
  alt,
  missing,
  width,
}: {
  src: string | null;
  alt: string;
  missing: string;
  width: number;
}) {
  if (!src) return <Typography.Text type="secondary">{missing}</Typography.Text>;
  return <Image src={src} alt={alt} width={width} style={{ objectFit: 'cover', borderRadius: 8 }} />;
}

/**
 * The customer's passport and national ID photos side by side (or a line saying one is missing):
 * the details modal and the customer page show them alike, at their own size and spacing.
 */
export function CustomerPhotos({
  customer,
  width,
  gap,
}: {
  customer: Customer;
  width: number;
  gap: 'middle' | 'large';
}) {
  const name = customerFullName(customer);
  return (
    <Flex gap={gap} wrap>
      <Flex vertical gap="small">
        <Typography.Text strong>Passport Photo</Typography.Text>
        <Photo
          src={customer.passport_photo}
          alt={`Passport photo of ${name}`}
          missing="No passport photo."
          width={width}
        />
      </Flex>
      <Flex vertical gap="small">
        <Typography.Text strong>National ID Photo</Typography.Text>
        <Photo
          src={customer.national_id_photo}
          alt={`National ID photo of ${name}`}
          missing="No national ID photo."
          width={width}
        />
      </Flex>
    </Flex>
  );
}
