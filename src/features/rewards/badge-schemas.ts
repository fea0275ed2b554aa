import { z } from 'zod';
import { translationsInputSchema, translationsSchema } from '../../platform/i18n/content-translations.ts';
import { idSchema, imageUrl, MAX_CREDITS, ownerQuery, text } from './common-schemas.ts';

/**
 * The rules the server can verify (DESIGN deviation 3): a badge names one of them as its
 * `trigger`, and POST /marketplace/badges/trigger/{slug} awards it only when the rule holds for
 * the user. A client cannot award itself a badge by asking.
 *
 * - user_registered: the user has an account (the signup badge)
 * - profile_completed: shipping address, discordId and epicId are filled in
 * - tournament_joined / tournament_checked_in: a member / checked in of a tournament
 *   (payload.tournamentId picks which one; reusable badges are earned once per tournament)
 * - faction_joined: in a faction of a competition (payload.competitionId)
 * - first_purchase: owns a purchase (payload.productId for a reusable badge)
 * - giveaway_redeemed: redeemed a code (payload.giveawayId for a reusable badge)
 * - manual: only an admin can award it, to any user
 */
export const badgeTriggers = [
  'user_registered',
  'profile_completed',
  'tournament_joined',
  'tournament_checked_in',
  'faction_joined',
  'first_purchase',
  'giveaway_redeemed',
  'manual',
] as const;
export type BadgeTrigger = (typeof badgeTriggers)[number];

/** The registration badge of SPEC section 4, awarded right after signup. */
export const REGISTRATION_BADGE = 'user_registered';

/** A badge (SPEC section 3). `reward.amount`, `rewardAmount` and `credits` are the same number. */
export const badgeSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  trigger: z.string(),
  reward: z.object({ type: z.literal('token'), amount: z.number().int() }),
  rewardAmount: z.number().int(),
  credits: z.number().int(),
  reusable: z.boolean(),
  active: z.boolean(),
  /** name and description per language, for the admin form; the flat ones are in the request's language */
  translations: translationsSchema({ name: z.string(), description: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Badge = z.infer<typeof badgeSchema>;

/** A badge a user earned (the backpack). A reusable badge may appear more than once. */
export const userBadgeSchema = z.object({
  _id: z.string(),
  badge: badgeSchema,
  earnedAt: z.string(),
  /** credits this award paid */
  credits: z.number().int(),
});
export type UserBadge = z.infer<typeof userBadgeSchema>;

export const badgeListQuerySchema = z.object({ owner: ownerQuery });

/**
 * POST /marketplace/badges/trigger/{badge}. `userId` defaults to the caller and must be the caller
 * unless an admin sends it. `payload` only points at evidence the server then checks; it never
 * carries credits.
 */
export const badgeTriggerInputSchema = z.object({
  userId: idSchema.optional(),
  owner: ownerQuery,
  payload: z
    .object({
      tournamentId: idSchema.optional(),
      competitionId: idSchema.optional(),
      productId: idSchema.optional(),
      giveawayId: idSchema.optional(),
    })
    .optional(),
});
export type BadgeTriggerInput = z.infer<typeof badgeTriggerInputSchema>;

/**
 * A badge the call just earned for the player, for the badge-earned modal. The server awards on
 * the event itself (signup, login, profile, join, check-in, faction, purchase, code): the answer of
 * each such call carries the ones it earned as `earnedBadges`, beside `data`.
 */
export const earnedBadgeSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  /** credits the badge paid */
  credits: z.number().int(),
  /** name and description per language: the answer's flat ones are in the request's language */
  translations: translationsSchema({ name: z.string(), description: z.string() }),
});
export type EarnedBadgeInfo = z.infer<typeof earnedBadgeSchema>;

export const badgeTriggerResultSchema = z.object({
  /** true when this call granted the badge; false when the user already had it */
  awarded: z.boolean(),
  badge: badgeSchema,
  /** credits this call added (0 when not awarded) */
  credits: z.number().int(),
  /** the user's balance after the call */
  balance: z.number().int(),
  /** when the user earned it (this call or earlier) */
  earnedAt: z.string(),
});
export type BadgeTriggerResult = z.infer<typeof badgeTriggerResultSchema>;

export const badgeTranslationsInput = translationsInputSchema({ name: text(80), description: text(500) });

/** Admin edit (PUT /marketplace/badges/{id}): any subset. The slug and trigger are fixed. */
export const badgeUpdateSchema = z
  .object({
    name: text(80).min(1),
    description: text(500),
    icon: z.union([z.literal(''), imageUrl]),
    rewardAmount: z.number().int().min(0).max(MAX_CREDITS),
    /** the spec's shape; `rewardAmount` wins when both are sent */
    reward: z.object({ type: z.literal('token').optional(), amount: z.number().int().min(0).max(MAX_CREDITS) }),
    reusable: z.boolean(),
    active: z.boolean(),
    /** per-language texts; an empty English one falls back to the Italian */
    translations: badgeTranslationsInput,
  })
  .partial();
export type BadgeUpdate = z.infer<typeof badgeUpdateSchema>;
