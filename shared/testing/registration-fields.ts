/**
 * The multipart text fields of a full customer registration (POST /api/customerNew) as the form
 * sends them: two next of kin, two collaterals, a guarantor with two collaterals. The contract's
 * parsing tests and the API's registration tests start from these and override what they are about.
 */
export const FULL_REGISTRATION_FIELDS: Readonly<Record<string, string>> = {
  first_name: 'Wanjiku',
  last_name: 'Kamau',
  phone: '0712345678',
  email: 'wanjiku@example.com',
  national_id: '12345678',
  county: 'Nairobi',
  occupation: 'Trader',
  residence_details: 'Kariobangi North, house 12',
  address: 'Gikomba Market, stall 14',
  monthly_income: '25000.50',
  'referees[0][name]': 'Peter Kamau',
  'referees[0][id_number]': '23456789',
  'referees[0][phone_number]': '+254 722 000 111',
  'referees[0][relationship]': 'Brother',
  'referees[1][name]': 'Mary Atieno',
  'referees[1][id_number]': '34567890',
  'referees[1][phone_number]': '0110-000-222',
  'referees[1][relationship]': 'Friend',
  'collaterals[0][item_name]': 'Television',
  'collaterals[0][item_count]': '1',
  'collaterals[0][additional_details]': 'Samsung 32"',
  'collaterals[1][item_name]': 'Sofa set',
  'collaterals[1][item_count]': '2',
  'guarantors[0][name]': 'John Otieno',
  'guarantors[0][relationship]': 'Employer',
  'guarantors[0][phone_number]': '254733444555',
  'guarantors[0][collaterals][0][item_name]': 'Motorbike',
  'guarantors[0][collaterals][0][item_count]': '1',
  'guarantors[0][collaterals][0][additional_details]': 'KMDA 123B',
  'guarantors[0][collaterals][1][item_name]': 'Fridge',
  'guarantors[0][collaterals][1][item_count]': '1',
};
