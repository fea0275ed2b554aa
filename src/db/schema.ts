import type { Generated } from 'kysely';

/** Table types shared by SQLite and PostgreSQL; timestamps are ISO-8601 text, flags 0/1. */
export interface UsersTable {
  id: string;
  owner: string;
  username: string;
  email: string;
  password_hash: string;
  display_name: string;
  nickname: string;
  gender: string;
  birth_date: string | null;
  discord_id: string;
  epic_id: string;
  language: string;
  /** JSON array of role names */
  roles: string;
  first_name: string;
  last_name: string;
  street_name: string;
  additional_address_info: string;
  zip_code: string;
  city: string;
  country: string;
  phone_number: string;
  created_at: string;
  updated_at: string;
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
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}

export interface Database {
  users: UsersTable;
  game_accounts: GameAccountsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  kysely_meta?: { key: string; value: Generated<string> };
}
