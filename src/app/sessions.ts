import type { AppConfig } from '../platform/http/config.ts';
import type { SessionFound, SessionStore } from '../platform/http/plugins/auth.ts';
import type { Sweep } from '../platform/http/maintenance.ts';
import * as SessionRepository from '../features/accounts/server/session-repository.ts';
import { isAdmin } from '../features/accounts/roles.ts';

/** The accounts feature's sessions, as the platform's bearer check reads them (this brand's accounts only). */
export function accountSessions(config: AppConfig): SessionStore {
  const idleMs = config.sessionIdleDays * 86_400_000;
  return {
    async find(db, tokens) {
      const rows = await SessionRepository.findByTokens(db, config.ownerId, tokens, idleMs);
      const found = new Map<string, SessionFound | 'expired'>();
      for (const [token, row] of rows) {
        if (row === 'expired') found.set(token, row);
        else if (row) found.set(token, { ...row, isAdmin: isAdmin(row.roles, config.agencyName) });
      }
      return found;
    },
    touch: (db, tokens, staleBefore) => SessionRepository.touchMany(db, tokens, staleBefore),
  };
}

/** The features' rows the hourly pruning deletes once they can never be used again. */
export const sweeps = {
  sessions: (db, now) => SessionRepository.deleteExpired(db, now.toISOString()),
} satisfies Record<string, Sweep>;
