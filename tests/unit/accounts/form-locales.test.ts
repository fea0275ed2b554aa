import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/platform/i18n/messages.ts';
import { dashboardSections } from '../../../src/platform/ui/admin/sections.ts';
import { games } from '../../../src/features/games/contract.ts';
import { genders } from '../../../src/features/accounts/contract.ts';
import { translate, type Messages } from '../../../src/platform/i18n/i18n.ts';

describe('settings and dashboard texts', () => {
  it.each(['it', 'en'] as const)('%s names every dashboard section, gender and game', (locale) => {
    const all = messages[locale] as unknown as Messages;
    const missing = [
      ...dashboardSections.map((s) => `dashboard.sections.${s.key}`),
      ...genders.map((g) => `accounts.settings.gender.${g}`),
      ...games.map((g) => `accounts.settings.gameNames.${g}`),
    ].filter((k) => translate(all, k) === k);
    expect(missing).toEqual([]);
  });
});
