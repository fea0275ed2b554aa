import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditChanges } from '../../../src/features/audit/diff.ts';
import { actionsIn, auditActions, auditCategories, type AuditEntry } from '../../../src/features/audit/contract.ts';
import { auditLabel } from '../../../src/features/audit/server/service.ts';
import { tournamentNameOf, tournamentOf } from '../../../src/features/audit/ui/audit-diff.ts';
import en from '../../../locales/en/audit.json' with { type: 'json' };
import it_ from '../../../locales/it/audit.json' with { type: 'json' };

describe('the audit diff shows only the values that changed', () => {
  const teams = (speedScore: number) => [
    {
      name: 'precision',
      players: [
        { playerId: 'u1', playerName: 'giulia', score: 10 },
        { playerId: 'u2', playerName: 'marco', score: 4 },
      ],
    },
    { name: 'speed', players: [{ playerId: 'u3', playerName: 'alex', score: speedScore }] },
  ];

  it('one faction score changed is one line, at its path, with its before and after', () => {
    const before = { id: 'c1', name: 'Lega', teams: teams(7), updatedAt: 'x' };
    const after = { id: 'c1', name: 'Lega', teams: teams(12), updatedAt: 'x' };
    expect(auditChanges(before, after)).toEqual([{ path: 'teams[speed].players[alex].score', before: 7, after: 12 }]);
  });

  it('matches array elements by id, not position: a reorder is no change, a move is a removal and an addition', () => {
    const list = [
      { id: 'a', v: 1 },
      { id: 'b', v: 2 },
    ];
    expect(auditChanges({ list }, { list: [...list].reverse() })).toEqual([]);
    expect(auditChanges({ list }, { list: [list[0], { id: 'c', v: 3 }] })).toEqual([
      { path: 'list[b]', before: { id: 'b', v: 2 }, after: undefined },
      { path: 'list[c]', before: undefined, after: { id: 'c', v: 3 } },
    ]);
  });

  it('goes into nested objects, keeps lists of plain values whole, and lists each field of a creation', () => {
    expect(
      auditChanges(
        { title: { it: 'Ciao', en: 'Hi' }, console: ['PC'] },
        { title: { it: 'Ciao', en: 'Hello' }, console: ['PC', 'PS5'] },
      ),
    ).toEqual([
      { path: 'title.en', before: 'Hi', after: 'Hello' },
      { path: 'console', before: ['PC'], after: ['PC', 'PS5'] },
    ]);
    expect(auditChanges(null, { name: 'Felpa', price: 100 })).toEqual([
      { path: 'name', before: undefined, after: 'Felpa' },
      { path: 'price', before: undefined, after: 100 },
    ]);
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
  });
});

/** Every action string the server writes: the `action` of each audit call, in every source file. */
function writtenActions(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (file.endsWith('.ts') && !file.includes(`${path.sep}ui${path.sep}`)) {
        const source = readFileSync(file, 'utf8');
        if (!/\b(audit|appendAudit|auditedEdit)\(/.test(source)) continue;
        // auditedEdit(ctx, actor, 'x.y', …) names its action as the third argument
        for (const m of source.matchAll(/\bauditedEdit\(\s*[\w.]+,\s*[\w.]+,\s*'([a-z_]+(?:\.[a-z_]+)+)'/g))
          found.add(m[1]);
        // `action: 'x.y'`, `action: cond ? 'x.y' : 'x.z'`, `const action = … 'x.y' …`, the
        // expression up to the end of its statement or property, however it is wrapped
        for (const start of source.matchAll(/\baction\b\s*[:=](?!=)/g)) {
          const rest = source.slice(start.index + start[0].length);
          const expression = rest.slice(0, rest.search(/[;,}]\s*(\n|$)|\n\s*\n/));
          for (const m of expression.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) found.add(m[1]);
        }
      }
    }
  };
  walk(path.resolve('src'));
  return found;
}

describe('every audit action has a label in both languages', () => {
  const actions = writtenActions();

  it('finds the actions the services write, the results, bracket and roster ones among them', () => {
    for (const known of [
      'product.update',
      'wallet.adjust',
      'competition.teams',
      'news.unpublish',
      'purchase.unfulfill',
      'campaign.update',
      'submission.review',
      'user.email',
      'user.role_grant',
      'media.upload',
      'scoring.update',
      'team.auto',
      'match.record',
      'report.reject',
      'report.follow',
      'lobby.follow',
      'bracket.override',
      'tournament.finalise',
      'tournament.waitlist_move',
    ])
      expect(actions).toContain(known);
  });

  it("every action a feature writes is one of the contract's, so it has a category and a text", () => {
    expect([...actions].filter((a) => !(auditActions as string[]).includes(a))).toEqual([]);
  });

  it('the filter offers the results categories: matches, reports, scoring, brackets, prizes and finalising', () => {
    for (const category of ['matches', 'reports', 'scoring', 'brackets', 'prizes'] as const)
      expect(auditCategories).toContain(category);
    expect(actionsIn('matches')).toEqual(['match.create', 'match.update', 'match.void', 'match.record']);
    expect(actionsIn('prizes')).toEqual(['tournament.prizes', 'tournament.finalise']);
    expect(actionsIn('reports')).toEqual(['report.approve', 'report.reject', 'report.follow']);
  });

  for (const [lang, catalogue] of [
    ['it', it_],
    ['en', en],
  ] as const) {
    it(`in ${lang}`, () => {
      const labels = catalogue.actions as Record<string, Record<string, string>>;
      const missing = auditActions.filter((a) => {
        const [type, verb] = a.split('.');
        return typeof labels[type]?.[verb] !== 'string' || labels[type][verb].trim() === '';
      });
      expect(missing, `actions without a ${lang} label in locales/${lang}/audit.json`).toEqual([]);
      // and the filter names each category
      for (const category of auditCategories)
        expect((catalogue.categories as Record<string, string>)[category], `audit.categories.${category}`).toBeTruthy();
    });
  }
});

describe('the tournament an entry is about', () => {
  const entry = (e: Partial<AuditEntry>): AuditEntry => ({
    id: 'e1',
    actor: { id: 'a1', name: 'admin' },
    action: 'match.create',
    entityType: 'tournament',
    entityId: 't1',
    entityLabel: 'Summer Cup · #3',
    before: null,
    after: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...e,
  });

  it('is the tournament itself, or the one a match report belongs to; named by the label it leads', () => {
    expect(tournamentOf(entry({}))).toBe('t1');
    expect(tournamentNameOf(entry({}))).toBe('Summer Cup');
    const report = entry({
      action: 'report.approve',
      entityType: 'report',
      entityId: 'r1',
      entityLabel: 'Summer Cup · #2 · giulia',
      after: { tournamentId: 't9', matchNumber: 2 },
    });
    expect(tournamentOf(report)).toBe('t9');
    expect(tournamentNameOf(report)).toBe('Summer Cup');
    expect(tournamentOf(entry({ entityType: 'product', entityId: 'p1' }))).toBeNull();
  });
});

describe('an entry label from its parts', () => {
  it('joins the tournament, the match and the player, leaving out the empty ones', () => {
    expect(auditLabel('Summer Cup', '#3', 'giulia')).toBe('Summer Cup · #3 · giulia');
    expect(auditLabel('Summer Cup', undefined, '', null)).toBe('Summer Cup');
  });
});
