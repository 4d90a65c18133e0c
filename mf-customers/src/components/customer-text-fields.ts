/** The customer's own text fields, as registration sends them and Edit Customer changes them. */
export const CUSTOMER_TEXT_FIELDS = [
  'first_name',
  'last_name',
  'phone',
  'email',
  'national_id',
  'county',
  'occupation',
  'residence_details',
  'address',
] as const;

/** A next of kin's fields (referees[i][…]). */
export const REFEREE_FIELDS = ['name', 'id_number', 'phone_number', 'relationship'] as const;
