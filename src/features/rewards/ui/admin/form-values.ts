import { isoToLocalInput, localInputToIso } from '../../../../platform/ui/admin/datetime-local.ts';
import type { Giveaway, GiveawayType, Product } from '../../contract.ts';

/**
 * What the catalog forms' inputs hold (strings for numbers and the local datetime) and the API
 * bodies built from them; the shared zod schemas then check the bodies (payload-resolver.ts).
 */

/** '' stays undefined (the schema reports "required"); anything else is read as a number (garbage is NaN → invalid). */
export const numberOrUndefined = (s: string) => (s.trim() === '' ? undefined : Number(s.trim()));

/** `name` and `description` are the Italian texts, `en` the English ones (empty: the Italian is shown). */
export type ProductValues = {
  name: string;
  description: string;
  en: { name: string; description: string };
  price: string;
  quantity: string;
  brand: string;
  image: string;
};

export const productValues = (p: Product | null): ProductValues => ({
  // the flat fields are in the admin's language: the form edits the stored Italian and English
  name: p?.translations.it.name ?? '',
  description: p?.translations.it.description ?? '',
  en: { name: p?.translations.en.name ?? '', description: p?.translations.en.description ?? '' },
  price: p ? String(p.price) : '',
  quantity: p ? String(p.quantity) : '1',
  brand: p?.brand ?? '',
  image: p?.image ?? '',
});

/** An empty brand falls back to the product's own brand (on create, the server uses the deployment's). */
export const productBody = (v: ProductValues, product: Product | null) => ({
  name: v.name.trim(),
  description: v.description.trim(),
  price: numberOrUndefined(v.price) as number,
  quantity: numberOrUndefined(v.quantity) as number,
  brand: v.brand.trim() || product?.brand || '',
  image: v.image,
  translations: { en: { name: v.en.name.trim(), description: v.en.description.trim() } },
});

export type GiveawayValues = {
  token: string;
  credits: string;
  type: GiveawayType;
  maxUses: string;
  expiresAt: string;
  description: string;
};

export const giveawayValues = (g: Giveaway | null): GiveawayValues => ({
  token: g?.token ?? '',
  credits: g ? String(g.credits) : '',
  type: g?.type ?? 'infinite',
  maxUses: g?.maxUses != null ? String(g.maxUses) : '',
  expiresAt: isoToLocalInput(g?.expiresAt),
  description: g?.description ?? '',
});

/** The API body: fields not of the chosen type are sent as null; on edit the code is left out (read-only). */
export function giveawayBody(v: GiveawayValues, editing: boolean) {
  const body = {
    credits: numberOrUndefined(v.credits) as number,
    type: v.type,
    maxUses: v.type === 'limited' ? (numberOrUndefined(v.maxUses) ?? null) : null,
    expiresAt: v.type === 'timed' ? localInputToIso(v.expiresAt) : null,
    description: v.description.trim(),
  };
  return editing ? body : { token: v.token, ...body };
}
