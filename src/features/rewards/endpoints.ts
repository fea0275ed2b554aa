import type { EndpointMap } from '../../platform/browser/typed-api.ts';
import { adminWriteEndpoints } from '../../platform/schemas.ts';
import {
  adjustInputSchema,
  adjustResultSchema,
  badgeInputSchema,
  badgeListQuerySchema,
  badgeSchema,
  badgeUpdateSchema,
  giveawayInputSchema,
  giveawayListQuerySchema,
  giveawaySchema,
  giveawayUpdateSchema,
  productInputSchema,
  productListQuerySchema,
  productSchema,
  productUpdateSchema,
  purchaseInputSchema,
  purchaseListQuerySchema,
  purchaseResultSchema,
  purchaseSchema,
  redeemInputSchema,
  redeemResultSchema,
  rewardsOwnerQuerySchema,
  transactionListQuerySchema,
  transactionSchema,
  userBadgeSchema,
  userPurchaseListQuerySchema,
  walletListQuerySchema,
  walletSchema,
} from './contract.ts';

const owner = rewardsOwnerQuerySchema;

/** The rewards routes as the browser calls them (TypedCall; see accounts/endpoints.ts). */
export const rewardsApi = {
  'GET /marketplace/badges': { query: badgeListQuerySchema, response: badgeSchema.array() },
  'GET /marketplace/badges/:id': { query: owner, response: badgeSchema },
  'POST /marketplace/badges': { query: owner, body: badgeInputSchema, response: badgeSchema },
  'PUT /marketplace/badges/:id': { query: owner, body: badgeUpdateSchema, response: badgeSchema },
  'PATCH /marketplace/badges/:id/toggle-active': { query: owner, response: badgeSchema },
  'GET /marketplace/backpack/:user': { query: owner, response: userBadgeSchema.array() },
  'GET /marketplace/products': { query: productListQuerySchema, response: productSchema.array() },
  'GET /marketplace/products/:id': { query: owner, response: productSchema },
  // the original client reads a removed product's id as `_id`
  ...adminWriteEndpoints('/marketplace/products', {
    item: productSchema,
    input: productInputSchema,
    update: productUpdateSchema,
    query: owner,
    deletedKey: '_id',
  }),
  'GET /marketplace/purchases': { query: purchaseListQuerySchema, response: purchaseSchema.array() },
  'POST /marketplace/purchases': { body: purchaseInputSchema, response: purchaseResultSchema },
  'GET /marketplace/purchases/user/:user': { query: userPurchaseListQuerySchema, response: purchaseSchema.array() },
  'PATCH /marketplace/purchases/:id/fulfill': { query: owner, response: purchaseSchema },
  'PATCH /marketplace/purchases/:id/unfulfill': { query: owner, response: purchaseSchema },
  'POST /marketplace/giveaways/redeem': { body: redeemInputSchema, response: redeemResultSchema },
  'GET /marketplace/giveaways': { query: giveawayListQuerySchema, response: giveawaySchema.array() },
  'GET /marketplace/giveaways/:id': { query: owner, response: giveawaySchema },
  ...adminWriteEndpoints('/marketplace/giveaways', {
    item: giveawaySchema,
    input: giveawayInputSchema,
    update: giveawayUpdateSchema,
    query: owner,
  }),
  'GET /marketplace/wallets': { query: walletListQuerySchema, response: walletSchema.array() },
  'GET /marketplace/wallets/me': { query: owner, response: walletSchema },
  'POST /marketplace/wallets/:userId/adjust': { query: owner, body: adjustInputSchema, response: adjustResultSchema },
  'GET /marketplace/transactions/:user': { query: transactionListQuerySchema, response: transactionSchema.array() },
} satisfies EndpointMap;
export type RewardsApi = typeof rewardsApi;
