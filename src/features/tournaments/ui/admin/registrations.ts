import type { Registrations } from '../../contract.ts';

export type { Registrations };

/**
 * One row of the players panel: a member (with `confirmed`), a waitlisted player (with `position`) or a disqualified
 * one (with `disqualifiedAt`).
 */
export interface RegistrationRow {
  userId: string;
  username: string;
  nickname: string;
  gameAccount: Registrations['members'][number]['gameAccount'] | null;
  joinedAt: string | null;
  confirmed?: boolean;
  position?: number;
  /** a waitlisted captain's team, waiting whole */
  team?: string | null;
  disqualifiedAt?: string;
}
