/**
 * The fields of a postal address, as the profile keeps them and an order ships to them (the shop's form starts from
 * the profile's). Apart from contract.ts so a page that needs only these names carries none of its schemas.
 */
export const addressFields = [
  'first_name',
  'last_name',
  'street_name',
  'additional_address_info',
  'zip_code',
  'city',
  'country',
  'phone_number',
] as const;
