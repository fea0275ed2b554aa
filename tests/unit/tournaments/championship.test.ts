import { describe, expect, it } from 'vitest';
import {
  championshipDefaults,
  championshipFacts,
  fillChampionship,
} from '../../../src/features/tournaments/championship.ts';
import itHome from '../../../locales/it/home.json' with { type: 'json' };
import enHome from '../../../locales/en/home.json' with { type: 'json' };
import itTournaments from '../../../locales/it/tournaments.json' with { type: 'json' };
import enTournaments from '../../../locales/en/tournaments.json' with { type: 'json' };

describe("the championship's name and dates have one source", () => {
  it('without a competition, the published defaults: playoffs 12 and finals 29 November 2025 in Milan', () => {
    expect(championshipFacts(null, 'it')).toEqual({
      name: 'Bomber Championship',
      game: 'Fortnite',
      year: '2025',
      playoffs: '12 nov 2025',
      finals: '29 nov 2025',
      city: 'Milano',
    });
    expect(championshipFacts(null, 'en')).toMatchObject({
      playoffs: '12 Nov 2025',
      finals: '29 Nov 2025',
      city: 'Milan',
    });
  });

  it("the competition's data wins: its name in the language, its dates in Rome time, the year of its finals", () => {
    const data = {
      name: 'Campionato Bomber',
      translations: { it: { name: 'Campionato Bomber' }, en: { name: 'Bomber Cup' } },
      game: 'Fortnite',
      // 23:30 UTC on 31 December is already 1 January in Rome
      playoffsAt: '2026-12-15T17:00:00.000Z',
      finalsAt: '2026-12-31T23:30:00.000Z',
      finalsCity: 'Torino',
    };
    expect(championshipFacts(data, 'en')).toEqual({
      name: 'Bomber Cup',
      game: 'Fortnite',
      year: '2027',
      playoffs: '15 Dec 2026',
      finals: '1 Jan 2027',
      city: 'Torino',
    });
    expect(championshipFacts(data, 'it').name).toBe('Campionato Bomber');
  });

  it('a stage or a city the competition leaves unset keeps the published one', () => {
    const facts = championshipFacts({ name: '', playoffsAt: null, finalsAt: null, finalsCity: ' ' }, 'it');
    expect(facts).toMatchObject({ name: championshipDefaults.name, finals: '29 nov 2025', city: 'Milano' });
    // the published city is named in each language
    expect(championshipFacts({ name: '', playoffsAt: null, finalsAt: null, finalsCity: '' }, 'en').city).toBe('Milan');
  });

  it('fills the parameters of a text and leaves an unknown one as written', () => {
    const facts = championshipFacts(null, 'en');
    expect(fillChampionship('{name} {year} · {finals} · {city} · {other}', facts)).toBe(
      'Bomber Championship 2025 · 29 Nov 2025 · Milan · {other}',
    );
  });

  it('no text of the home page or the championship page writes a year or a date itself', () => {
    const texts = JSON.stringify([
      itHome.meta,
      itHome.hero,
      itHome.faq,
      enHome.meta,
      enHome.hero,
      enHome.faq,
      itTournaments.championship,
      enTournaments.championship,
    ]);
    expect(texts).not.toMatch(/20\d\d/);
    expect(texts).not.toMatch(/\b\d{1,2} (gennaio|novembre|dicembre|January|November|December)\b/i);
    for (const catalogue of [itHome, enHome]) {
      expect(catalogue.faq.format.answer).toContain('{playoffs}');
      expect(catalogue.faq.format.answer).toContain('{finals}');
      expect(catalogue.faq.eligibility.answer).toContain('{year}');
      expect(catalogue.hero.eyebrow).toContain('{year}');
    }
  });
});
