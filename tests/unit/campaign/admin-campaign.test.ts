import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  defaultCampaign,
  MAX_SCORE,
  REJECT_REASON_MAX,
  reviewInputSchema,
} from '../../../src/features/campaign/contract.ts';
import { dashboardNav, findSection, sectionPath } from '../../../src/platform/ui/admin/sections.ts';
import {
  defaultQueueFilters,
  queueQuery,
  reviewBody,
  scheduleFormValues,
  scheduleUpdate,
  standingsPath,
  type ScheduleFormValues,
} from '../../../src/features/campaign/ui/admin/campaign-admin.ts';
import it from '../../../locales/it/campaign-admin.json' with { type: 'json' };
import en from '../../../locales/en/campaign-admin.json' with { type: 'json' };
import itDashboard from '../../../locales/it/dashboard.json' with { type: 'json' };
import enDashboard from '../../../locales/en/dashboard.json' with { type: 'json' };
import { allSources } from '../helpers/sources.ts';

const lookup = (dict: unknown, key: string) => key.split('.').reduce<any>((node, part) => node?.[part], dict);

describe('moderation queue query', () => {
  test('the default asks for the pending submissions of every phase, first page of 10', () => {
    expect(Object.fromEntries(new URLSearchParams(queueQuery(defaultQueueFilters, 1)))).toEqual({
      limit: '10',
      offset: '0',
      status: 'pending',
    });
  });

  test('each filter maps to its API parameter and "all" is left out', () => {
    const q = new URLSearchParams(queueQuery({ phase: '3', status: 'all', duplicatesOnly: true, search: 'giulia' }, 3));
    expect(Object.fromEntries(q)).toEqual({
      limit: '10',
      offset: '20',
      phase: '3',
      duplicates: 'true',
      search: 'giulia',
    });
  });

  test("a sort other than the queue's own order goes along; newest (oldest first) is left out", () => {
    expect(new URLSearchParams(queueQuery({ ...defaultQueueFilters, sort: '-player' }, 1)).get('sort')).toBe('-player');
    expect(new URLSearchParams(queueQuery({ ...defaultQueueFilters, sort: 'newest' }, 1)).has('sort')).toBe(false);
  });
});

describe('review form', () => {
  test('approve needs a whole score from 0 to MAX_SCORE', () => {
    expect(reviewBody('approve', '', 'ignored')).toEqual({ ok: false, problem: 'scoreRequired' });
    expect(reviewBody('approve', '  ', '')).toEqual({ ok: false, problem: 'scoreRequired' });
    for (const bad of ['-1', '1.5', '1e3', 'abc', String(MAX_SCORE + 1)])
      expect(reviewBody('approve', bad, '')).toEqual({ ok: false, problem: 'scoreInvalid' });
    expect(reviewBody('approve', '0', '')).toEqual({ ok: true, body: { decision: 'approve', score: 0 } });
    expect(reviewBody('approve', ` ${MAX_SCORE} `, '')).toEqual({
      ok: true,
      body: { decision: 'approve', score: MAX_SCORE },
    });
  });

  test('reject needs a trimmed reason within the limit', () => {
    expect(reviewBody('reject', '12', '   ')).toEqual({ ok: false, problem: 'reasonRequired' });
    expect(reviewBody('reject', '', 'x'.repeat(REJECT_REASON_MAX + 1))).toEqual({
      ok: false,
      problem: 'reasonTooLong',
    });
    expect(reviewBody('reject', '', '  blurry  ')).toEqual({
      ok: true,
      body: { decision: 'reject', reason: 'blurry' },
    });
  });

  test('every body it accepts is one the server schema accepts', () => {
    for (const [d, s, r] of [
      ['approve', '42', ''],
      ['reject', '', 'cropped'],
    ] as const) {
      const res = reviewBody(d, s, r);
      expect(res.ok).toBe(true);
      if (res.ok) expect(reviewInputSchema.safeParse(res.body).success).toBe(true);
    }
  });
});

describe('schedule form', () => {
  // the helpers read datetime-local values on the machine's clock; the organisers' one is Rome's
  let tz: string | undefined;
  beforeEach(() => {
    tz = process.env.TZ;
    process.env.TZ = 'Europe/Rome';
  });
  afterEach(() => {
    if (tz === undefined) delete process.env.TZ;
    else process.env.TZ = tz;
  });

  const campaign = {
    deadline: defaultCampaign.deadline,
    competitionId: null,
    phases: defaultCampaign.phases.map((p) => ({ ...p, state: 'closed' as const })),
  };

  test('shows the default published dates on the Rome wall clock', () => {
    const v = scheduleFormValues(campaign);
    expect(v.deadline).toBe('2025-06-20T18:00');
    expect(v.competitionId).toBe('');
    expect(v.phases[0]).toEqual({ opensAt: '2026-01-12T00:00', closesAt: '2026-01-16T00:00' });
    expect(v.phases[3]).toEqual({ opensAt: '2026-02-13T00:00', closesAt: '2026-02-27T00:00' });
  });

  test('round-trips to the same instants, with an empty competition sent as null', () => {
    const res = scheduleUpdate(scheduleFormValues(campaign));
    expect(res).toEqual({
      ok: true,
      body: { deadline: defaultCampaign.deadline, competitionId: null, phases: defaultCampaign.phases },
    });
    const linked = scheduleUpdate({ ...scheduleFormValues(campaign), competitionId: 'c1' });
    expect(linked.ok && linked.body.competitionId).toBe('c1');
  });

  test('names the empty or unreadable fields', () => {
    const v: ScheduleFormValues = scheduleFormValues(campaign);
    v.deadline = '';
    v.phases[1] = { ...v.phases[1], closesAt: 'nonsense' };
    expect(scheduleUpdate(v)).toEqual({ ok: false, missing: ['deadline', 'phase-2-closesAt'], order: false });
  });

  test('flags windows that overlap or close before they open', () => {
    const overlap = scheduleFormValues(campaign);
    overlap.phases[1] = { ...overlap.phases[1], opensAt: '2026-01-15T12:00' };
    expect(scheduleUpdate(overlap)).toMatchObject({ ok: false, order: true });
    const backwards = scheduleFormValues(campaign);
    backwards.phases[2] = { opensAt: '2026-02-10T00:00', closesAt: '2026-02-01T00:00' };
    expect(scheduleUpdate(backwards)).toMatchObject({ ok: false, order: true });
  });
});

describe('dashboard wiring', () => {
  test('the campaign has a sidebar entry and a schedule sub-page', () => {
    expect(dashboardNav.some((s) => s.key === 'campaign')).toBe(true);
    expect(sectionPath('campaign')).toBe('/dashboard/campaign');
    expect(sectionPath('campaignSchedule')).toBe('/dashboard/campaign/schedule');
    expect(findSection('campaignSchedule')).toMatchObject({ parent: 'campaign' });
    expect(standingsPath(2)).toBe('/cortina/standings/2');
    for (const dict of [itDashboard, enDashboard]) {
      expect(lookup(dict, 'sections.campaign')).toBeTruthy();
      expect(lookup(dict, 'sections.campaignSchedule')).toBeTruthy();
    }
  });

  test('every campaignAdmin key the section uses exists in both locales', () => {
    const sources = allSources();
    const keys = new Set([...sources.matchAll(/'campaignAdmin\.([A-Za-z_.]+[A-Za-z_])'/g)].map((m) => m[1]));
    expect(keys.size).toBeGreaterThan(40);
    for (const key of keys) {
      expect(typeof lookup(it, key), `it ${key}`).toBe('string');
      expect(typeof lookup(en, key), `en ${key}`).toBe('string');
    }
  });
});
