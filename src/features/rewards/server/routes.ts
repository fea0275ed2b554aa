import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  badgeTriggerInputSchema,
  badgeTriggerResultSchema,
  purchaseExportQuerySchema,
  EXPORT_MAX_ROWS,
  walletExportQuerySchema,
  walletParamsSchema,
  walletSchema,
} from '../contract.ts';
import { idSchema } from '../../../platform/schemas.ts';
import { envelope, errorResponses, ok, okList, okPage, okWithBadges } from '../../../platform/http/envelope.ts';
import { actorOf, assertSelfOrAdmin, callerOf } from '../../../platform/http/plugins/auth.ts';
import { failureLimit } from '../../../platform/http/plugins/failure-limit.ts';
import * as BadgeService from './badge-service.ts';
import * as GiveawayService from './giveaway-service.ts';
import * as ProductService from './product-service.ts';
import * as PurchaseService from './purchase-service.ts';
import { assertAccountOf, idempotencyKeyOf } from './rewards-scope.ts';
import { ownerOf } from '../../../platform/owner.ts';
import * as WalletService from './wallet-service.ts';
import { cacheForViewer } from '../../../platform/http/response-headers.ts';
import { adminWrites, type CallText, type Parsed } from '../../../platform/http/admin-writes.ts';
import { sendCsv, type CsvColumn } from '../../../platform/http/csv.ts';
import { purchaseCsv, walletCsv } from './csv-columns.ts';
import { serviceContext, type ServiceContext } from '../../../platform/context.ts';
import { declaredRoutes } from '../../../platform/http/declared-routes.ts';
import { rewardsApi } from '../endpoints.ts';

const idParams = z.object({ id: idSchema });
const userParams = z.object({ user: idSchema });
const csvFile = z.string().describe(`text/csv, at most ${EXPORT_MAX_ROWS} rows (X-Export-Truncated: true when cut)`);
// headers stay loose: a strict object would strip Authorization from the request
const idempotencyHeaders = z.looseObject({ 'idempotency-key': z.string().optional() });
const bearer = [{ bearer: [] }];
type Actor = ReturnType<typeof actorOf>;
type Page<Row> = { rows: Row[]; total: number };
/** A rewards record's admin writes in its service, each in the brand named after the context. */
interface BrandWrites<I, U> {
  create: (ctx: ServiceContext, owner: string, actor: Actor, input: I) => Promise<unknown>;
  update: (ctx: ServiceContext, owner: string, actor: Actor, id: string, input: U) => Promise<unknown>;
  remove?: (ctx: ServiceContext, owner: string, actor: Actor, id: string) => Promise<void>;
}
type RewardsApi = typeof rewardsApi;
/** What a record's admin writes say beyond its service: the collection's path and each call's summary. */
interface BrandWritesSpec<P extends string> {
  path: P;
  create: CallText;
  edit: CallText;
  remove?: CallText;
}
/** A request about one user's list: the user in the path, the brand and the page in the query. */
type UserPageRequest = FastifyRequest & {
  params: { user: string };
  query: { owner?: string; limit: number; offset: number };
};
/** An admin's CSV of a list: its query, the file's name and columns, and how to read at most `max` rows. */
interface CsvExport<Q extends z.ZodType, Row> {
  summary: string;
  querystring: Q;
  file: string;
  columns: readonly CsvColumn<Row>[];
  read: (ownerId: string, query: z.output<Q>, max: number) => Promise<Row[]>;
}

/** The marketplace calls of the original client, made safe where it was not; docs/rewards-api.md lists them. */
export default async function marketplaceRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = serviceContext(app);
  const tags = ['rewards'];
  const route = declaredRoutes(root, rewardsApi, tags);
  // code guessing is slowed per account (codes must not be found by trying many)
  // guessing codes with many fresh accounts: unknown codes from one address, whatever the account
  // (a code that exists but is used up or expired is no guess and does not count)
  const unknownCodes = failureLimit(root, {
    name: 'unknown-codes',
    max: root.config.unknownCodesPerAddress,
    timeWindow: '10 minutes',
    failures: ['GIVEAWAY_NOT_FOUND'],
  });
  const redeemLimit = {
    max: 10,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => `redeem|${req.user?.id ?? req.ip}`,
  };
  const owner = (requested?: string) => ownerOf(app, requested);
  /** A read about one user: theirs or an admin's, and about an account of this brand. */
  const userOfBrand = async (userId: string, requested: string | undefined, req: FastifyRequest) => {
    assertSelfOrAdmin(req, userId);
    const ownerId = owner(requested);
    await assertAccountOf(app, ownerId, userId);
    return ownerId;
  };
  /** A route about one user (their own, or any as an admin), answering a list. */
  const aboutUser = { auth: 'user', params: userParams, answer: 'list', errors: [400, 401, 403, 404] } as const;
  /** A page of one user's list, read by `read` once the caller may see it. */
  const userPage = async <Row>(
    req: UserPageRequest,
    read: (ctx: ServiceContext, owner: string, userId: string, limit: number, offset: number) => Promise<Page<Row>>,
  ) => {
    const ownerId = await userOfBrand(req.params.user, req.query.owner, req);
    return okPage(await read(ctx, ownerId, req.params.user, req.query.limit, req.query.offset));
  };
  /** A route listing a brand's records for an admin. */
  const adminList = { auth: 'admin', errors: [400, 401, 403, 404] } as const;
  /** A page of a list of the brand the query names, searched, filtered and ordered by the same query. */
  const brandPage = async <Q extends { owner?: string }, Row>(
    query: Q,
    read: (ctx: ServiceContext, owner: string, query: Q) => Promise<Page<Row>>,
  ) => okPage(await read(ctx, owner(query.owner), query));
  /** A record's admin writes, done by its service in the brand the query names. */
  const brandWrites = <P extends string>(
    service: BrandWrites<Parsed<RewardsApi, `POST ${P}`, 'body'>, Parsed<RewardsApi, `PUT ${P}/:id`, 'body'>>,
    { path, create, edit, remove }: BrandWritesSpec<P>,
  ) => {
    const removal = service.remove;
    // every rewards write names its brand in the query (rewardsOwnerQuerySchema)
    const brand = (query: { owner?: string }) => owner(query.owner);
    adminWrites(root, rewardsApi, {
      path,
      tags,
      create: { ...create, run: ({ actor, body, query }) => service.create(ctx, brand(query), actor, body) },
      edit: { ...edit, run: ({ actor, id, body, query }) => service.update(ctx, brand(query), actor, id, body) },
      ...(remove && removal
        ? { remove: { ...remove, run: ({ actor, id, query }) => removal(ctx, brand(query), actor, id) } }
        : {}),
    });
  };
  /** An admin's CSV of a list: read one row past the cap, so a cut file can say it was cut. */
  const csvExport = <Q extends z.ZodType<{ owner?: string }>, Row>(path: string, route: CsvExport<Q, Row>) =>
    app.get(path, {
      schema: {
        tags,
        summary: route.summary,
        security: bearer,
        querystring: route.querystring,
        response: { 200: csvFile, ...errorResponses(400, 401, 403, 404) },
      },
      onRequest: app.requireAdmin,
      handler: async (req, reply) => {
        const query = req.query as z.output<Q>;
        const read = await route.read(owner(query.owner), query, EXPORT_MAX_ROWS + 1);
        reply.header('x-export-truncated', String(read.length > EXPORT_MAX_ROWS));
        return sendCsv(reply, route.file, route.columns, read.slice(0, EXPORT_MAX_ROWS));
      },
    });

  // ---- badges ----
  brandWrites(BadgeService, {
    path: '/marketplace/badges',
    create: { summary: 'Create a badge (admin); 409 BADGE_SLUG_TAKEN when the slug exists', also: [404, 409] },
    edit: { summary: 'Edit a badge (admin); slug and trigger are fixed' },
  });
  route('GET /marketplace/badges', {
    summary: 'Badges: the active ones, or all for an admin',
    answer: 'list',
    errors: [400, 404],
    handler: async (req, reply) => {
      // an admin also sees inactive badges
      cacheForViewer(req, reply);
      const badges = await BadgeService.list(ctx, owner(req.query.owner), !!req.user?.isAdmin);
      return okList(badges, badges.length);
    },
  });
  route('GET /marketplace/badges/:id', {
    summary: 'One badge (an inactive one only for admins)',
    params: idParams,
    errors: [400, 404],
    handler: async (req, reply) => {
      cacheForViewer(req, reply);
      return ok(await BadgeService.get(ctx, owner(req.query.owner), req.params.id, !!req.user?.isAdmin));
    },
  });
  route('PATCH /marketplace/badges/:id/toggle-active', {
    summary: 'Activate or deactivate a badge (admin)',
    auth: 'admin',
    params: idParams,
    errors: [400, 401, 403, 404],
    handler: async (req) => {
      const after = await BadgeService.toggleActive(ctx, owner(req.query.owner), actorOf(req), req.params.id);
      return ok(after);
    },
  });
  route('GET /marketplace/backpack/:user', {
    summary: "A user's earned badges (own, or any as admin)",
    ...aboutUser,
    handler: async (req) => {
      const ownerId = await userOfBrand(req.params.user, req.query.owner, req);
      const earned = await BadgeService.backpack(ctx, ownerId, req.params.user);
      return okList(earned, earned.length);
    },
  });
  app.post('/marketplace/badges/trigger/:badge', {
    schema: {
      tags,
      summary: 'Award a badge if the server can verify its rule for the user',
      security: bearer,
      params: z.object({
        badge: z
          .string()
          .min(1)
          .max(64)
          .regex(/^[A-Za-z0-9_-]+$/, 'slug'),
      }),
      body: badgeTriggerInputSchema.default({}),
      response: { 200: envelope(badgeTriggerResultSchema), ...errorResponses(400, 401, 403, 404, 409) },
    },
    onRequest: app.requireUser,
    handler: async (req) =>
      ok(
        await BadgeService.trigger(
          ctx,
          { ...callerOf(req), ...actorOf(req) },
          owner(req.body.owner),
          req.params.badge,
          req.body,
        ),
      ),
  });

  // ---- products ----
  route('GET /marketplace/products', {
    summary: 'Products in the shop (public)',
    answer: 'list',
    errors: [400, 404],
    // the same for every caller, but a caller with a token is buying or editing and must see the
    // stock as it is now, not a copy their browser kept for ten seconds
    shared: 'live',
    handler: (req) => brandPage(req.query, ProductService.list),
  });
  route('GET /marketplace/products/:id', {
    summary: 'One product (public)',
    params: idParams,
    errors: [400, 404],
    shared: 'live',
    handler: async (req) => ok(await ProductService.get(ctx, owner(req.query.owner), req.params.id)),
  });
  brandWrites(ProductService, {
    path: '/marketplace/products',
    create: { summary: 'Create a product (admin)', also: [404] },
    edit: { summary: 'Edit a product (admin); omitted fields keep their value' },
    remove: { summary: 'Remove a product from the shop (admin); its purchases stay' },
  });

  // ---- purchases ----
  route('POST /marketplace/purchases', {
    summary: 'Buy a product with credits; the price is read from the database (Idempotency-Key supported)',
    description:
      "The original client's body `{userId, username, productId, price, brand, owner}` works as is. " +
      "Differences from it: the price charged is the database's; " +
      'a `price` that is not the current one is refused with 409 PRICE_CHANGED ' +
      'and nothing is charged. Without `shippingAddress` the address saved on ' +
      "the buyer's profile is used; if it is incomplete the answer is 400 " +
      'SHIPPING_ADDRESS_MISSING, its issues naming the missing fields. ' +
      '`userId` other than the caller needs an admin; ' +
      '`username` and `brand` are ignored (the product names its brand).',
    auth: 'user',
    headers: idempotencyHeaders,
    answer: 'badges',
    success: [200, 201],
    errors: [400, 401, 403, 404, 409],
    handler: async (req, reply) => {
      const key = idempotencyKeyOf(req.headers);
      const {
        result,
        replayed,
        alongside: earned = [],
      } = await PurchaseService.purchase(ctx, callerOf(req), owner(req.body.owner), req.body, key);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(okWithBadges(result, earned));
    },
  });
  route('GET /marketplace/purchases', {
    summary: 'Every purchase (admin)',
    ...adminList,
    answer: 'list',
    handler: (req) => brandPage(req.query, PurchaseService.list),
  });
  csvExport('/marketplace/purchases/export', {
    summary:
      `The purchases of the list's search and filter as CSV, ` +
      `in its order (admin; at most ${EXPORT_MAX_ROWS} rows)`,
    querystring: purchaseExportQuerySchema,
    file: 'purchases',
    columns: purchaseCsv,
    read: (ownerId, query, max) => PurchaseService.listForExport(ctx, ownerId, query, max),
  });
  route('GET /marketplace/purchases/user/:user', {
    summary: "A user's purchases (own, or any as admin)",
    ...aboutUser,
    handler: (req) => userPage(req, PurchaseService.listForUser),
  });
  for (const [path, shipped, summary] of [
    ['fulfill', true, 'Mark a purchase fulfilled (admin); marking it again keeps the first time and admin'],
    ['unfulfill', false, 'Take a fulfilment back, marked by mistake (admin): the purchase waits to be shipped again'],
  ] as const) {
    route(`PATCH /marketplace/purchases/:id/${path}`, {
      summary,
      auth: 'admin',
      params: idParams,
      errors: [400, 401, 403, 404],
      handler: async (req) =>
        ok(await PurchaseService.setFulfilled(ctx, owner(req.query.owner), actorOf(req), req.params.id, shipped)),
    });
  }

  // ---- giveaways ----
  route('POST /marketplace/giveaways/redeem', {
    summary: 'Redeem a code for credits (Idempotency-Key supported)',
    auth: 'user',
    headers: idempotencyHeaders,
    answer: 'badges',
    errors: [400, 401, 403, 404, 409, 429],
    config: { rateLimit: redeemLimit },
    handler: async (req, reply) => {
      const key = idempotencyKeyOf(req.headers);
      const ownerId = owner(req.body.owner);
      const {
        result,
        replayed,
        alongside: earned = [],
      } = await unknownCodes(req, () => GiveawayService.redeem(ctx, callerOf(req), ownerId, req.body, key));
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.send(okWithBadges(result, earned));
    },
  });
  route('GET /marketplace/giveaways', {
    summary: 'Giveaway codes (admin)',
    ...adminList,
    answer: 'counted',
    handler: (req) => brandPage(req.query, GiveawayService.list),
  });
  route('GET /marketplace/giveaways/:id', {
    summary: 'One giveaway (admin)',
    auth: 'admin',
    params: idParams,
    errors: [400, 401, 403, 404],
    handler: async (req) => ok(await GiveawayService.get(ctx, owner(req.query.owner), req.params.id)),
  });
  brandWrites(GiveawayService, {
    path: '/marketplace/giveaways',
    create: { summary: 'Create a giveaway code (admin)', also: [404, 409] },
    edit: { summary: 'Edit a giveaway (admin); the code is read-only' },
    remove: { summary: 'Delete a giveaway (admin); redemptions and ledger stay' },
  });

  // ---- wallets and transactions ----
  route('GET /marketplace/wallets/me', {
    summary: "The caller's wallet (the header credits)",
    auth: 'user',
    errors: [401, 404],
    handler: async (req) => ok(await WalletService.get(ctx, owner(req.query.owner), req.user!.id)),
  });
  app.get('/marketplace/wallets/:owner/:userId', {
    schema: {
      tags,
      summary: 'One wallet (own, or any as admin)',
      security: bearer,
      params: walletParamsSchema,
      response: { 200: envelope(walletSchema), ...errorResponses(400, 401, 403, 404) },
    },
    onRequest: app.requireUser,
    handler: async (req) => {
      assertSelfOrAdmin(req, req.params.userId);
      return ok(await WalletService.get(ctx, owner(req.params.owner), req.params.userId));
    },
  });
  route('GET /marketplace/wallets', {
    summary: 'Every user with their balance (admin)',
    ...adminList,
    answer: 'counted',
    handler: (req) => brandPage(req.query, WalletService.list),
  });
  csvExport('/marketplace/wallets/export', {
    summary:
      `The wallets of the list's search with their transactions as CSV, ` +
      `one row per transaction (admin; at most ${EXPORT_MAX_ROWS} rows)`,
    querystring: walletExportQuerySchema,
    file: 'wallets',
    columns: walletCsv,
    read: (ownerId, query, max) => WalletService.listForExport(ctx, ownerId, query, max),
  });
  route('POST /marketplace/wallets/:userId/adjust', {
    summary: 'Credit or debit a wallet with a reason (admin; Idempotency-Key supported)',
    auth: 'admin',
    headers: idempotencyHeaders,
    params: z.object({ userId: idSchema }),
    errors: [400, 401, 403, 404, 409],
    handler: async (req, reply) => {
      const key = idempotencyKeyOf(req.headers);
      const ownerId = owner(req.query.owner);
      const { result, replayed } = await WalletService.adjust(
        ctx,
        ownerId,
        actorOf(req),
        req.params.userId,
        req.body,
        key,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.send(ok(result));
    },
  });
  route('GET /marketplace/transactions/:user', {
    summary: "A user's ledger, newest first (own, or any as admin)",
    ...aboutUser,
    handler: (req) => userPage(req, WalletService.transactions),
  });
}
