import type { Generated } from 'kysely';

/** Table types shared by SQLite and PostgreSQL; timestamps are ISO-8601 text, flags 0/1. */
/** Columns typed Generated<…> have a database default and may be omitted on insert. */
export interface UsersTable {
  id: string;
  owner: string;
  username: string;
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
