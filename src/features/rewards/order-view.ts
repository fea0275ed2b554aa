import type { ShippingAddress } from './contract.ts';
import type { Locale } from '../../platform/i18n/i18n.ts';
import { countryName } from '../../platform/i18n/country-name.ts';

/**
 * A purchase's order number: short enough to read out on the phone to the shop, derived from the
 * purchase itself (no counter to keep): the day it was bought (UTC, yymmdd) and the first six
 * characters of its id, upper case, e.g. "261128-3F9A2C". The shop finds an order by it (the
 * purchases' search takes it). Two orders share one only if bought the same day with ids that start
 * alike (one in sixteen million).
 */
export function orderNumberOf(purchase: { id: string; createdAt: string }): string {
  const day = /^\d{2}(\d{2})-(\d{2})-(\d{2})/.exec(purchase.createdAt);
  const code = purchase.id
    .replace(/[^0-9a-zA-Z]/g, '')
    .slice(0, 6)
    .toUpperCase();
  return day ? `${day[1]}${day[2]}${day[3]}-${code}` : code;
}

/** The id's beginning an order number names (its day may be left out), lower case as ids are; null for other text. */
export function idPrefixOfOrderNumber(text: string): string | null {
  const m = /^\s*#?(?:\d{6}-)?([0-9a-f]{6})\s*$/i.exec(text);
  return m ? m[1]!.toLowerCase() : null;
}

/**
 * Where an order ships, on one line: name, street, extra, CAP and city, country, phone (a part left
 * empty is left out). The country is stored as the player typed it ("Italy", "Italia", "IT"): it is
 * shown in the page's language.
 */
export function addressLine(a: ShippingAddress, locale: Locale, phoneText: (phone: string) => string): string {
  const join = (parts: (string | undefined)[], sep: string) => parts.filter((p) => p?.trim()).join(sep);
  return join(
    [
      join([a.first_name, a.last_name], ' '),
      join([a.street_name, a.additional_address_info], ', '),
      join([a.zip_code, a.city], ' '),
      countryName(a.country, locale),
      a.phone_number && phoneText(a.phone_number),
    ],
    ' · ',
  );
}
