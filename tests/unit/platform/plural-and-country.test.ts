import { describe, expect, test } from 'vitest';
import itTournaments from '../../../locales/it/tournaments.json' with { type: 'json' };
import enTournaments from '../../../locales/en/tournaments.json' with { type: 'json' };
import itCampaign from '../../../locales/it/campaign.json' with { type: 'json' };
import enCampaign from '../../../locales/en/campaign.json' with { type: 'json' };
import { translate, type Locale, type Messages } from '../../../src/platform/i18n/i18n.ts';
import { pluralCategory, pluralKey } from '../../../src/platform/i18n/plural.ts';
import { countKey } from '../../../src/platform/ui/admin/format.ts';
import { countryName } from '../../../src/platform/i18n/country-name.ts';

const itChampionship = itTournaments.championship;
const enChampionship = enTournaments.championship;

const dict: Record<Locale, { tournaments: Messages; campaign: Messages; championship: Messages }> = {
  it: { tournaments: itTournaments, campaign: itCampaign, championship: itChampionship },
  en: { tournaments: enTournaments, campaign: enCampaign, championship: enChampionship },
};
/** a count through the one plural helper, as the pages show it */
const say = (
  locale: Locale,
  ns: keyof (typeof dict)['it'],
  base: string,
  count: number,
  vars: Record<string, number> = {},
) => translate(dict[locale][ns], pluralKey(base, count, locale), { count, ...vars });

describe('plural forms follow Intl.PluralRules', () => {
  test('the category of a count in each language', () => {
    for (const locale of ['it', 'en'] as const) {
      expect(pluralCategory(1, locale)).toBe('one');
      for (const n of [0, 2, 5, 21, 100, 1.5]) expect(pluralCategory(n, locale), `${locale} ${n}`).toBe('other');
    }
    expect(pluralKey('x.days', 1, 'en')).toBe('x.days.one');
    expect(pluralKey('x.days', 3, 'it')).toBe('x.days.other');
    expect(countKey('a.players', 1, 'en')).toBe('a.playersOne');
    expect(countKey('a.players', 0, 'it')).toBe('a.players');
  });

  test('countdown units: 1 giorno, 2 giorni; 1 hour, 5 hours (tournament and campaign)', () => {
    expect(say('it', 'tournaments', 'detail.countdown.days', 1)).toBe('giorno');
    expect(say('it', 'tournaments', 'detail.countdown.days', 2)).toBe('giorni');
    expect(say('it', 'tournaments', 'detail.countdown.hours', 1)).toBe('ora');
    expect(say('it', 'tournaments', 'detail.countdown.minutes', 1)).toBe('minuto');
    expect(say('it', 'tournaments', 'detail.countdown.seconds', 0)).toBe('secondi');
    expect(say('en', 'tournaments', 'detail.countdown.days', 1)).toBe('day');
    expect(say('en', 'tournaments', 'detail.countdown.hours', 5)).toBe('hours');
    expect(say('it', 'campaign', 'countdown.days', 1)).toBe('giorno');
    expect(say('en', 'campaign', 'countdown.minutes', 1)).toBe('minute');
    expect(say('en', 'campaign', 'countdown.seconds', 30)).toBe('seconds');
  });

  test('counted players and minutes: "1 giocatore in classifica", "1 minute before the start"', () => {
    expect(say('it', 'campaign', 'standings.players', 1)).toBe('1 giocatore in classifica.');
    expect(say('it', 'campaign', 'standings.players', 7)).toBe('7 giocatori in classifica.');
    expect(say('en', 'campaign', 'standings.players', 1)).toBe('1 player ranked.');
    expect(say('en', 'campaign', 'standings.players', 0)).toBe('0 players ranked.');
    expect(say('it', 'championship', 'leaderboard.players', 1)).toBe('1 iscritto');
    expect(say('en', 'championship', 'leaderboard.players', 2)).toBe('2 players');
    expect(say('it', 'tournaments', 'detail.facts.minutesBefore', 1, { minutes: 1 })).toBe(
      "1 minuto prima dell'inizio",
    );
    expect(say('en', 'tournaments', 'detail.facts.minutesBefore', 15, { minutes: 15 })).toBe(
      '15 minutes before the start',
    );
  });
});

describe('the address dialog country in the page language', () => {
  test('the stored default and any known name or code are named in the page language; free text stays', () => {
    expect(countryName('Italy', 'it')).toBe('Italia');
    expect(countryName('Italy', 'en')).toBe('Italy');
    expect(countryName('Italia', 'en')).toBe('Italy');
    expect(countryName(' italia ', 'it')).toBe('Italia');
    expect(countryName('DE', 'it')).toBe('Germania');
    expect(countryName('Narnia', 'en')).toBe('Narnia');
    expect(countryName('', 'it')).toBe('');
  });
});
