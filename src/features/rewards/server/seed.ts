import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { mediaUrl } from '../../../platform/storage/media-contract.ts';
import * as BadgeRepository from './badge-repository.ts';
import * as GiveawayRepository from './giveaway-repository.ts';
import * as ProductRepository from './product-repository.ts';
import * as BadgeService from './badge-service.ts';
import * as PurchaseService from './purchase-service.ts';
import * as WalletService from './wallet-service.ts';
import * as Directory from '../../accounts/server/directory-service.ts';
import { contentName } from '../../../platform/storage/media-storage.ts';
import type { ServiceContext } from '../../../platform/context.ts';

/** The demo giveaway codes, one of each type, printed on start beside the demo accounts. */
export const demoGiveawayCodes = { infinite: 'BENVENUTO50', limited: 'ARENA100', timed: 'WINTER25' } as const;

/** A demo badge's or product's name and description, in one language. */
type Texts = [name: string, description: string];

/** A demo picture: a silhouette from `shapes` on a gradient between two colours. */
type Look = [shape: keyof typeof shapes, from: string, to: string];

const DAY = 24 * 3600_000;

/**
 * A small picture drawn here rather than fetched from a placeholder service: a gradient and a few
 * shapes, rendered by sharp (librsvg) to WebP and stored like an upload.
 */
async function picture(ctx: ServiceContext, [shape, from, to]: Look, size = { w: 480, h: 360 }): Promise<string> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.w}" height="${size.h}" viewBox="0 0 480 360">\n` +
    '  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>\n` +
    '  <rect width="480" height="360" fill="url(#g)"/>\n' +
    '  <circle cx="400" cy="60" r="90" fill="#ffffff" fill-opacity="0.08"/>' +
    '<circle cx="60" cy="320" r="120" fill="#000000" fill-opacity="0.12"/>\n' +
    '  <g fill="#ffffff" fill-opacity="0.92" stroke="#0b0b14" stroke-opacity="0.25" stroke-width="4">' +
    `${shapes[shape]}</g></svg>`;
  const data = await sharp(Buffer.from(svg)).webp({ quality: 82, effort: 2 }).toBuffer();
  const bucket = ctx.config.agencyName;
  const name = contentName(data, 'webp');
  await ctx.mediaStorage.put(bucket, name, data, 'image/webp');
  return mediaUrl(bucket, name);
}

// simple silhouettes on a 480x360 canvas
const shapes = {
  hoodie:
    '<path d="M170 90 L310 90 L380 150 L350 190 L320 170 L320 300 L160 300 L160 170 L130 190 L100 150 Z"/>' +
    '<circle cx="240" cy="110" r="26" fill="#0b0b14" fill-opacity="0.3"/>',
  shirt: '<path d="M180 80 L300 80 L390 130 L360 185 L320 165 L320 300 L160 300 L160 165 L120 185 L90 130 Z"/>',
  pad: '<rect x="80" y="110" width="320" height="160" rx="26"/>',
  headset:
    '<path d="M140 220 A100 100 0 0 1 340 220" fill="none" stroke="#ffffff" stroke-width="26" stroke-opacity="0.92"/>' +
    '<rect x="112" y="200" width="56" height="90" rx="18"/><rect x="312" y="200" width="56" height="90" rx="18"/>',
  mug:
    '<rect x="150" y="110" width="150" height="180" rx="18"/>' +
    '<path d="M300 150 h40 a35 35 0 0 1 0 90 h-40" ' +
    'fill="none" stroke="#ffffff" stroke-width="20" stroke-opacity="0.92"/>',
  cap: '<path d="M130 230 A110 110 0 0 1 350 230 Z"/><rect x="300" y="222" width="120" height="22" rx="11"/>',
  controller:
    '<path d="M120 170 Q240 120 360 170 Q420 290 360 290 Q320 290 300 250 ' +
    'L180 250 Q160 290 120 290 Q60 290 120 170 Z"/>',
  card:
    '<rect x="110" y="100" width="260" height="170" rx="20"/>' +
    '<rect x="110" y="140" width="260" height="30" fill="#0b0b14" fill-opacity="0.35"/>',
  star: '<path d="M240 70 L275 160 L370 165 L295 225 L320 315 L240 265 L160 315 L185 225 L110 165 L205 160 Z"/>',
  trophy:
    '<path d="M170 80 H310 V150 A70 70 0 0 1 170 150 Z"/><rect x="225" y="215" width="30" height="50"/>' +
    '<rect x="180" y="265" width="120" height="30" rx="8"/>',
  shield: '<path d="M240 60 L350 100 V190 Q350 270 240 310 Q130 270 130 190 V100 Z"/>',
  bolt: '<path d="M270 50 L150 200 H230 L200 310 L330 150 H250 Z"/>',
  flag: '<rect x="150" y="70" width="16" height="240"/><path d="M166 80 H340 L300 135 L340 190 H166 Z"/>',
  gift:
    '<rect x="130" y="150" width="220" height="150" rx="10"/><rect x="115" y="115" width="250" height="45" rx="8"/>' +
    '<rect x="228" y="115" width="24" height="185" fill="#0b0b14" fill-opacity="0.3"/>',
};

/**
 * The demo badges' and products' names and descriptions, by badge slug or product key and language:
 * one catalogue, as a translation file would keep it, each Italian line beside its English one.
 */
const demoTexts = {
  'user_registered.it': ['Benvenuto', 'Ti sei registrato alla piattaforma.'],
  'user_registered.en': ['Welcome', 'You joined the platform.'],
  'profile_completed.it': ['Profilo completo', 'Indirizzo, Discord ed Epic ID compilati.'],
  'profile_completed.en': ['Profile complete', 'Address, Discord and Epic ID filled in.'],
  'first_tournament.it': ['Primo torneo', 'Ti sei iscritto al tuo primo torneo.'],
  'first_tournament.en': ['First tournament', 'You joined your first tournament.'],
  'checked_in.it': ['Presente!', 'Check-in effettuato per un torneo; si ottiene a ogni torneo.'],
  'checked_in.en': ['Checked in!', 'Checked in to a tournament; earned once per tournament.'],
  'faction_member.it': ['Fazione scelta', 'Hai scelto Precision o Speed nel campionato.'],
  'faction_member.en': ['Faction picked', 'You picked Precision or Speed in the championship.'],
  'podium.it': ['Sul podio', 'Tra i primi tre di un torneo; si ottiene a ogni podio.'],
  'podium.en': ['On the podium', 'A top-three finish in a tournament; earned at every podium.'],
  'champion.it': ['Campione', 'Hai vinto un torneo; si ottiene a ogni vittoria.'],
  'champion.en': ['Champion', 'You won a tournament; earned at every win.'],
  'first_purchase.it': ['Primo acquisto', 'Hai riscattato il tuo primo prodotto.'],
  'first_purchase.en': ['First purchase', 'You redeemed your first product.'],
  'hoodie.it': ['Felpa Arena Pro', 'Felpa con cappuccio in cotone organico, logo ricamato.'],
  'hoodie.en': ['Arena Pro hoodie', 'Organic cotton hoodie, embroidered logo.'],
  'jersey.it': ['Maglia Bomber Championship', 'La maglia ufficiale del campionato.'],
  'jersey.en': ['Bomber Championship jersey', 'The official championship jersey.'],
  'pad.it': ['Mousepad XL', 'Tappetino 90x40 cm con base antiscivolo.'],
  'pad.en': ['XL mouse pad', '90x40 cm mat with a non-slip base.'],
  'headset.it': ['Cuffie gaming H7', 'Cuffie over-ear con microfono removibile.'],
  'headset.en': ['H7 gaming headset', 'Over-ear headset with a detachable mic.'],
  'mug.it': ['Tazza Victory Royale', 'Tazza in ceramica da 330 ml.'],
  'mug.en': ['Victory Royale mug', '330 ml ceramic mug.'],
  'cap.it': ['Cappellino snapback', 'Visiera piatta, taglia unica.'],
  'cap.en': ['Snapback cap', 'Flat brim, one size.'],
  'controller.it': ['Controller edizione limitata', 'Controller wireless in edizione numerata.'],
  'controller.en': ['Limited-edition controller', 'Numbered limited-edition wireless controller.'],
  'giftCard.it': ['Gift card 10 €', 'Buono digitale da 10 € per lo store di gioco.'],
  'giftCard.en': ['€10 gift card', 'A €10 digital voucher for the game store.'],
} satisfies Record<string, Texts>;
type KeyOfText<T> = T extends `${infer K}.${'it' | 'en'}` ? K : never;
type DemoKey = KeyOfText<keyof typeof demoTexts>;

/** A demo row's name and description columns, in Italian and in English. */
function nameColumns(key: DemoKey) {
  const [[name, description], [name_en, description_en]] = [demoTexts[`${key}.it`], demoTexts[`${key}.en`]];
  return { name, name_en, description, description_en };
}

/**
 * The rewards part of the demo: eight badges (the signup badge and the podium and champion badges among them), eight
 * products (two out of stock) with pictures, one giveaway code of each type, starting credits for the demo players as
 * ledger entries, and a few purchases. Every balance is the sum of its entries, as in production.
 */
export async function seedRewards(ctx: ServiceContext, ids: { adminId?: string; players: string[] }): Promise<void> {
  const db = ctx.db.kysely;
  const owner = ctx.config.ownerId;
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();

  // created in this order (a badge's creation time follows it); texts are in demoTexts
  const badges: [slug: DemoKey, trigger: string, reward: number, reusable: boolean, look: Look][] = [
    ['user_registered', 'user_registered', 50, false, ['star', '#7c3aed', '#db2777']],
    ['profile_completed', 'profile_completed', 30, false, ['shield', '#0ea5e9', '#22c55e']],
    ['first_tournament', 'tournament_joined', 40, false, ['flag', '#f97316', '#facc15']],
    ['checked_in', 'tournament_checked_in', 20, true, ['bolt', '#14b8a6', '#6366f1']],
    ['faction_member', 'faction_joined', 25, false, ['trophy', '#ef4444', '#8b5cf6']],
    ['podium', 'tournament_top_n', 100, true, ['trophy', '#f59e0b', '#b45309']],
    ['champion', 'tournament_won', 250, true, ['star', '#facc15', '#ca8a04']],
    ['first_purchase', 'first_purchase', 0, false, ['gift', '#eab308', '#f43f5e']],
  ];
  // created in this order (the purchases below pick products by position); texts are in demoTexts
  const products: [key: DemoKey, price: number, quantity: number, look: Look][] = [
    ['hoodie', 450, 12, ['hoodie', '#1e1b4b', '#7c3aed']],
    ['jersey', 350, 20, ['shirt', '#0f172a', '#0ea5e9']],
    ['pad', 150, 30, ['pad', '#111827', '#22c55e']],
    ['headset', 900, 3, ['headset', '#18181b', '#f97316']],
    ['mug', 80, 0, ['mug', '#3f0d12', '#ef4444']],
    ['cap', 120, 8, ['cap', '#082f49', '#14b8a6']],
    ['controller', 1200, 0, ['controller', '#1c1917', '#eab308']],
    ['giftCard', 500, 50, ['card', '#172554', '#db2777']],
  ];

  // the pictures are drawn in parallel (sharp works on libuv's thread pool); seeding stays fast
  const [icons, images] = await Promise.all([
    Promise.all(badges.map(([, , , , look]) => picture(ctx, look, { w: 256, h: 192 }))),
    Promise.all(products.map(([, , , look]) => picture(ctx, look))),
  ]);
  for (const [i, [slug, trigger, reward, reusable]] of badges.entries()) {
    await BadgeRepository.insert(db, {
      id: randomUUID(),
      owner,
      slug,
      ...nameColumns(slug),
      icon: icons[i],
      trigger,
      // the podium badge's N (tournament_top_n, migration 0083)
      top_n: trigger === 'tournament_top_n' ? 3 : null,
      reward_amount: reward,
      reusable: reusable ? 1 : 0,
      active: 1,
      created_at: iso(now - (badges.length - i) * 60_000),
      updated_at: iso(now),
    });
  }

  const productIds: string[] = [];
  for (const [i, [key, price, quantity]] of products.entries()) {
    productIds.push(
      await ProductRepository.create(db, {
        owner,
        ...nameColumns(key),
        price,
        quantity,
        brand: ctx.config.brandSlug,
        image: images[i],
      }),
    );
  }

  const giveaways = [
    ['infinite', 50, null, null, 'Codice di benvenuto, per tutti. / Welcome code for everyone.'],
    ['limited', 100, 25, null, 'Solo i primi 25. / First 25 only.'],
    ['timed', 25, null, iso(now + 30 * DAY), 'Valido 30 giorni. / Valid for 30 days.'],
  ] as const;
  for (const [type, credits, maxUses, expiresAt, description] of giveaways) {
    const settings = { credits, type, maxUses, expiresAt, description };
    await GiveawayRepository.create(db, owner, demoGiveawayCodes[type], settings);
  }

  const [giulia, alex] = ids.players;
  if (!giulia || !alex || !ids.adminId) return;
  // the players' history goes through the services, as it would have through the API: the welcome
  // badge signing up pays, the admin's demo credits (audited), then purchases (stock, row, debit)
  const admin = await Directory.actorNamed(ctx, owner, ids.adminId);
  // an admin's reason is stored as written and shown as is: each is written in its player's language
  // (giulia reads Italian, alex English), as an admin would
  for (const [userId, amount, reason] of [
    [giulia, 500, 'Crediti demo'],
    [alex, 1200, 'Demo credits'],
  ] as const) {
    await BadgeService.awardOn(ctx, owner, userId, 'user_registered');
    await WalletService.adjust(ctx, owner, admin, userId, { amount, reason }, undefined);
  }
  // giulia's profile is complete (the accounts' seed): the save that completed it paid its badge
  await BadgeService.awardOn(ctx, owner, giulia, 'profile_completed');
  // without a name the order ships to the address on the buyer's profile (giulia's, from the accounts' seed)
  const buy = async (
    userId: string,
    productIndex: number,
    name?: { first_name: string; last_name: string; city: string },
  ) => {
    const shippingAddress = name && {
      ...name,
      street_name: 'Via Roma 1',
      additional_address_info: '',
      zip_code: '20121',
      country: 'Italy',
      phone_number: '+39 333 123 4567',
    };
    const { result } = await PurchaseService.purchase(
      ctx,
      { id: userId, isAdmin: false },
      owner,
      { productId: productIds[productIndex], shippingAddress },
      undefined,
    );
    return result.purchase.id;
  };
  const shipped = await buy(giulia, 2);
  await buy(alex, 0, { first_name: 'Alex', last_name: 'Bianchi', city: 'Torino' });
  await buy(alex, 5, { first_name: 'Alex', last_name: 'Bianchi', city: 'Torino' });
  await PurchaseService.setFulfilled(ctx, owner, admin, shipped, true);
}
