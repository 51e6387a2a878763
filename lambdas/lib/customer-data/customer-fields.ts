/**
 * The customer information keys Meta matches people on, as the Conversions API's `user_data` names them
 * (developers.facebook.com/docs/marketing-api/conversions-api/parameters/customer-information-parameters).
 * Each is normalised and SHA-256 hashed before it leaves the function; `client_ip_address`,
 * `client_user_agent`, `fbc` and `fbp` are sent as they are and are not listed here.
 */
export const hashedCustomerFields = [
  'em',
  'ph',
  'fn',
  'ln',
  'ge',
  'db',
  'ct',
  'st',
  'zp',
  'country',
  'external_id',
] as const;

export type HashedCustomerField = (typeof hashedCustomerFields)[number];

/** What each key holds, in words people read (column mapping, errors, the signals screen). */
export const customerFieldLabels: Record<HashedCustomerField, string> = {
  em: 'Email',
  ph: 'Phone',
  fn: 'First name',
  ln: 'Last name',
  ge: 'Gender',
  db: 'Date of birth',
  ct: 'City',
  st: 'State or province',
  zp: 'Postal code',
  country: 'Country',
  external_id: 'External ID',
};
