import type { Generated } from 'kysely';

/** Table types shared by SQLite and PostgreSQL; timestamps are ISO-8601 text, flags 0/1. */
/** Columns typed Generated<…> have a database default and may be omitted on insert. */
export interface UsersTable {
  id: string;
  owner: string;
  username: string;
  /** how the username looks (src/platform/username-skeleton.ts), unique per brand (migration 0091) */
  username_skeleton: string;
  /** the username as searches compare it (src/platform/db/search.ts foldForSearch), migration 0097 */
  username_search: Generated<string>;
  email: string;
  password_hash: string;
  display_name: Generated<string>;
  nickname: Generated<string>;
  gender: Generated<string>;
  birth_date: string | null;
  discord_id: Generated<string>;
  epic_id: Generated<string>;
  language: Generated<string>;
  /** JSON array of role names */
  roles: Generated<string>;
  first_name: Generated<string>;
  last_name: Generated<string>;
  street_name: Generated<string>;
  additional_address_info: Generated<string>;
  zip_code: Generated<string>;
  city: Generated<string>;
  country: Generated<string>;
  phone_number: Generated<string>;
  created_at: string;
  updated_at: string;
  /** set while an admin has blocked the account: no login, no session (migration 0070) */
  blocked_at: string | null;
  /** 1 while the player's public page shows them, 0 once they hid it (migration 0094) */
  public_profile: Generated<number>;
}

export interface GameAccountsTable {
  id: string;
  user_id: string;
  position: number;
  username: string;
  account_id: string;
  game: string;
  console: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** Written at most about once a minute per session (the idle timeout needs no finer clock). */
  last_used_at: string | null;
}

export interface EmailChangesTable {
  token_hash: string;
  user_id: string;
  new_email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface CompetitionsTable {
  id: string;
  owner: string;
  name: string;
  name_en: Generated<string>;
  thumbnail: Generated<string>;
  game: string;
  url: Generated<string>;
  /** the playoffs and the live finals (ISO instants), and the finals' city: admin-edited */
  playoffs_at: string | null;
  finals_at: string | null;
  finals_city: Generated<string>;
  finals_city_en: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface CompetitionPlayersTable {
  competition_id: string;
  user_id: string;
  /** 'precision' | 'speed' */
  team: string;
  player_name: string;
  /** the admin's manual part of the faction score, on top of the results (migration 0083) */
  adjustment: Generated<number>;
  updated_at: string;
}

export interface TournamentsTable {
  id: string;
  owner: string;
  competition_id: string | null;
  name: string;
  banner: Generated<string>;
  thumbnail: Generated<string>;
  game: string;
  /** JSON array of consoles */
  consoles: Generated<string>;
  status_override: number | null;
  /** 1 public, 0 private with a password */
  open: Generated<number>;
  password_hash: string | null;
  max_participants: number;
  member_count: Generated<number>;
  start_registration: string | null;
  end_registration: string | null;
  start_checkin: string | null;
  end_checkin: string | null;
  start_tournament: string | null;
  end_tournament: string | null;
  check_in: Generated<number>;
  check_in_end: Generated<number>;
  description: Generated<string>;
  rules: Generated<string>;
  name_en: Generated<string>;
  /** both names as searches compare them (src/platform/db/search.ts searchKey), migration 0097 */
  name_search: Generated<string>;
  description_en: Generated<string>;
  rules_en: Generated<string>;
  team_size: number | null;
  date_text_it: Generated<string>;
  date_text_en: Generated<string>;
  /** the tournament's own external page (https), '' when none */
  external_url: Generated<string>;
  created_at: string;
  updated_at: string;
  /** 'battle_royale' | 'single_elimination' | 'round_robin'; null: the game decides (migration 0080) */
  format: string | null;
  /** JSON ScoringTable; null: the default preset */
  scoring: string | null;
  /** set once when an admin finalised the tournament */
  finalized_at: string | null;
  /** JSON StandingsRow[] frozen at finalisation */
  final_standings: string | null;
  /** JSON PrizeTable (credits by rank); null: no prizes (migration 0083) */
  prizes: string | null;
  /** when an admin archived it, out of the public lists; null when not archived (migration 0092) */
  archived_at: string | null;
  /** members of a team who must check in for the team to be checked in; null: all (migration 0098) */
  team_checkin_minimum: number | null;
}

export interface TournamentRegistrationsTable {
  tournament_id: string;
  user_id: string;
  /** 'member' | 'waitlist' */
  state: string;
  confirmed: Generated<number>;
  /** JSON {username, game, console, id} */
  game_account: string;
  created_at: string;
  updated_at: string;
}

// match day (migration 0080)
export interface TournamentTeamsTable {
  id: string;
  tournament_id: string;
  name: string;
  created_at: string;
}

export interface TournamentTeamMembersTable {
  tournament_id: string;
  team_id: string;
  user_id: string;
  /** the member's place in the team as the organiser listed them, 0 first (migration 0100) */
  position: Generated<number>;
}

// teams captains register (migration 0098)
export interface EntryTeamsTable {
  id: string;
  tournament_id: string;
  name: string;
  captain_id: string;
  /** 1 once every member accepted: the team holds a slot */
  complete: Generated<number>;
  created_at: string;
}

export interface EntryTeamMembersTable {
  tournament_id: string;
  team_id: string;
  user_id: string;
  /** 'invited' | 'accepted' */
  state: string;
  /** JSON {username, game, console, id} */
  game_account: string;
  created_at: string;
}

export interface TournamentMatchesTable {
  id: string;
  tournament_id: string;
  number: number;
  /** the lobby it was played in (1 when the tournament has one lobby) */
  lobby: Generated<number>;
  voided_at: string | null;
  created_at: string;
  updated_at: string;
}

// lobbies (migration 0095)
export interface TournamentLobbiesTable {
  tournament_id: string;
  number: number;
  code: string | null;
  code_visible_from: string | null;
}

export interface TournamentLobbyEntrantsTable {
  tournament_id: string;
  /** a user id (solo) or a tournament_teams id */
  entrant_id: string;
  lobby: number;
}

export interface MatchResultsTable {
  match_id: string;
  tournament_id: string;
  /** a user id (solo) or a tournament_teams id */
  entrant_id: string;
  placement: number;
  eliminations: number;
  submitted_at: string;
}

// match reports (migration 0082)
export interface MatchReportsTable {
  id: string;
  owner: string;
  tournament_id: string;
  match_number: number;
  user_id: string;
  /** the reporter's user id (solo) or their tournament_teams id */
  entrant_id: string;
  placement: number;
  eliminations: number;
  image_url: string;
  image_hash: string;
  /** pending | approved | rejected */
  status: string;
  reason: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  created_at: string;
}

// finalising (migration 0083): one row per player of a finalised tournament; its key pays once
export interface TournamentPlacementsTable {
  tournament_id: string;
  user_id: string;
  entrant_id: string;
  rank: number;
  points: number;
  credits: number;
  created_at: string;
}

// rewards (migration 0010)
export interface WalletsTable {
  user_id: string;
  owner: string;
  /** always the sum of the user's wallet_transactions; CHECK balance >= 0 */
  balance: Generated<number>;
  updated_at: string;
  /** entries booked so far, counted under the row's lock (migration 0050) */
  seq: Generated<number>;
}

/** Append-only: database triggers refuse UPDATE and DELETE. */
export interface WalletTransactionsTable {
  id: string;
  owner: string;
  user_id: string;
  amount: number;
  /** 'badge' | 'giveaway' | 'purchase' | 'adjustment' */
  type: string;
  description: Generated<string>;
  /** unique cause of the entry; null for admin adjustments */
  reference: string | null;
  balance_after: number;
  /** the wallet's seq after this entry: history order (migration 0050); null before it */
  seq: number | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: string;
}

export interface BadgesTable {
  id: string;
  owner: string;
  slug: string;
  name: string;
  description: Generated<string>;
  name_en: Generated<string>;
  description_en: Generated<string>;
  icon: Generated<string>;
  trigger: string;
  /** the N of a tournament_top_n badge (migration 0083); null otherwise */
  top_n: Generated<number | null>;
  reward_amount: Generated<number>;
  reusable: Generated<number>;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface UserBadgesTable {
  id: string;
  owner: string;
  user_id: string;
  badge_id: string;
  /** 'once' for a non-reusable badge, else the id of the event that earned it */
  award_key: string;
  credits: Generated<number>;
  earned_at: string;
}

export interface ProductsTable {
  id: string;
  owner: string;
  name: string;
  description: Generated<string>;
  name_en: Generated<string>;
  description_en: Generated<string>;
  price: number;
  quantity: number;
  brand: Generated<string>;
  image: Generated<string>;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PurchasesTable {
  id: string;
  owner: string;
  user_id: string;
  product_id: string;
  product_name: string;
  /** the product's English name when bought; '' falls back to the Italian (migration 0093) */
  product_name_en: Generated<string>;
  product_image: Generated<string>;
  brand: Generated<string>;
  price: number;
  ship_first_name: string;
  ship_last_name: string;
  ship_street_name: string;
  ship_additional_address_info: Generated<string>;
  ship_zip_code: string;
  ship_city: string;
  ship_country: string;
  /** the phone the courier calls; '' on orders placed before migration 0093 */
  ship_phone_number: Generated<string>;
  fulfilled: Generated<number>;
  fulfilled_at: string | null;
  fulfilled_by: string | null;
  created_at: string;
}

export interface GiveawaysTable {
  id: string;
  owner: string;
  token: string;
  credits: number;
  /** 'infinite' | 'limited' | 'timed' */
  type: string;
  max_uses: number | null;
  redemption_count: Generated<number>;
  expires_at: string | null;
  description: Generated<string>;
  deleted_at: string | null;
  /** the admin who created the code, null before migration 0101 (and for the demo's) */
  created_by: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface GiveawayRedemptionsTable {
  giveaway_id: string;
  user_id: string;
  credits: number;
  created_at: string;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  route: string;
  request_hash: string;
  /** 0 claimed, 1 answered; an HTTP status on rows from before results were stored */
  status_code: number;
  /** the JSON result replayed to a retry (on older rows, the response envelope) */
  response: string;
  created_at: string;
}

// admin dashboard (migration 0011)
export interface AuditLogTable {
  id: string;
  owner: string;
  actor_id: string;
  /** the admin's username when they acted */
  actor_name: string;
  /** e.g. 'product.update' */
  action: string;
  entity_type: string;
  entity_id: string;
  /** the object's name(s) when the entry was written, for the search (migration 0075) */
  entity_label: Generated<string>;
  /** JSON text of the record before / after the change; null when there is none */
  before: string | null;
  after: string | null;
  created_at: string;
}

export interface NewsTable {
  id: string;
  owner: string;
  title_it: string;
  title_en: string;
  summary_it: Generated<string>;
  summary_en: Generated<string>;
  /** sanitised HTML */
  body_it: Generated<string>;
  body_en: Generated<string>;
  image: Generated<string>;
  published: Generated<number>;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

// winter campaign (migration 0013)
export interface CampaignsTable {
  owner: string;
  slug: string;
  season_note: string;
  /** the countdown's target, ISO-8601 UTC */
  deadline_at: string;
  /** the competition whose tournaments the page lists; null: the next tournaments of the brand */
  competition_id: string | null;
  updated_at: string;
}

export interface CampaignPhasesTable {
  owner: string;
  campaign: string;
  /** 1..4 */
  phase: number;
  /** upload window [opens_at, closes_at), ISO-8601 UTC */
  opens_at: string;
  closes_at: string;
}

export interface ScreenshotSubmissionsTable {
  id: string;
  owner: string;
  campaign: string;
  note: string;
  phase: number;
  user_id: string;
  username: string;
  email: string;
  image_url: string;
  /** sha256 of the decoded pixels and size, hex */
  image_hash: string;
  /** 'pending' | 'approved' | 'rejected' */
  status: Generated<string>;
  /** set exactly when approved */
  score: number | null;
  /** set when rejected */
  reason: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  created_at: string;
}

/** Shared rate-limit counters (migration 0014); `expires_at` in epoch ms (bigint: a string from pg). */
export interface RateLimitsTable {
  key: string;
  count: number;
  expires_at: number | string;
}

/** Transactional mail not yet handed to the mail server (migration 0040, src/platform/mail/mail-queue.ts). */
export interface MailOutboxTable {
  id: string;
  /** the brand (OWNER_ID) whose processes send it; NULL on an old row no brand could be given (never sent) */
  owner: string | null;
  recipient: string;
  subject: string;
  /** emptied once sent: a reset link must not outlive its delivery in the database */
  body_text: string;
  body_html: string | null;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** One reminder decided for one player (migration 0085): the key makes it once per tournament, kind and player. */
export interface RemindersSentTable {
  tournament_id: string;
  user_id: string;
  /** 'checkin_open' | 'checkin_closing' | 'results_final' */
  kind: string;
  created_at: string;
}

/** A player's reminder opt-outs (migration 0085); no row: every reminder is wanted. 1 wanted, 0 not. */
export interface NotificationPreferencesTable {
  user_id: string;
  checkin_open: Generated<number>;
  checkin_closing: Generated<number>;
  results_final: Generated<number>;
  updated_at: string;
}

// brackets (migration 0084)
export interface BracketsTable {
  tournament_id: string;
  format: string;
  seeding: string;
  generated_at: string;
  /** Swiss: the rounds it plays; 0 in the other formats (migration 0096) */
  rounds: Generated<number>;
  /** a Swiss or round-robin stage's playoff: its format and seeds (JSON entrant ids), null without (migration 0099) */
  playoff_format: string | null;
  playoff_seeds: string | null;
}

export interface BracketEntrantsTable {
  tournament_id: string;
  entrant_id: string;
  name: string;
  seed: number;
  group_no: number;
  /** JSON [{id, username}] */
  members: string;
  /** when it was disqualified mid-event (a team: once none of its players is left); null while it plays (0103) */
  disqualified_at: string | null;
}

export interface BracketMatchesTable {
  id: string;
  tournament_id: string;
  group_no: number;
  round: number;
  slot: number;
  side_a: string | null;
  side_b: string | null;
  score_a: number | null;
  score_b: number | null;
  winner: string | null;
  state: string;
  decided_by: string | null;
  updated_at: string;
  /** the side that forfeited (a, b or both) when a disqualification decided it; null otherwise (0103) */
  forfeit: string | null;
}

export interface BracketReportsTable {
  match_id: string;
  side: string;
  user_id: string;
  score_a: number;
  score_b: number;
  reported_at: string;
}

export interface Database {
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  campaigns: CampaignsTable;
  campaign_phases: CampaignPhasesTable;
  screenshot_submissions: ScreenshotSubmissionsTable;
  audit_log: AuditLogTable;
  news: NewsTable;
  wallets: WalletsTable;
  wallet_transactions: WalletTransactionsTable;
  badges: BadgesTable;
  user_badges: UserBadgesTable;
  products: ProductsTable;
  purchases: PurchasesTable;
  giveaways: GiveawaysTable;
  giveaway_redemptions: GiveawayRedemptionsTable;
  idempotency_keys: IdempotencyKeysTable;
  users: UsersTable;
  game_accounts: GameAccountsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  competitions: CompetitionsTable;
  competition_players: CompetitionPlayersTable;
  tournaments: TournamentsTable;
  tournament_registrations: TournamentRegistrationsTable;
  tournament_teams: TournamentTeamsTable;
  tournament_team_members: TournamentTeamMembersTable;
  entry_teams: EntryTeamsTable;
  entry_team_members: EntryTeamMembersTable;
  tournament_matches: TournamentMatchesTable;
  match_results: MatchResultsTable;
  tournament_lobbies: TournamentLobbiesTable;
  tournament_lobby_entrants: TournamentLobbyEntrantsTable;
  reminders_sent: RemindersSentTable;
  notification_preferences: NotificationPreferencesTable;
  match_reports: MatchReportsTable;
  tournament_placements: TournamentPlacementsTable;
  brackets: BracketsTable;
  bracket_entrants: BracketEntrantsTable;
  bracket_matches: BracketMatchesTable;
  bracket_reports: BracketReportsTable;
  kysely_meta?: { key: string; value: Generated<string> };
}
