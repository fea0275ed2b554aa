import { describe, expect, test } from 'vitest';
import { bannerOf, mayReport, type BannerTournament } from '../../../src/features/tournaments/ui/banner-model.ts';
import type { Tournament } from '../../../src/features/tournaments/contract.ts';

const tournament = (over: Partial<Tournament> = {}): Omit<Tournament, 'description' | 'rules' | 'translations'> => ({
  id: 't1',
  name: 'Cup',
  banner: '/media/banner.webp',
  thumbnail: '',
  game: 'Fortnite',
  console: ['PC'],
  status: 1,
  statusOverride: null,
  open: true,
  members: Array.from({ length: 2000 }, (_, i) => `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`),
  confirmedMembers: [],
  waitlistCount: 3,
  maxPartecipants: 2000,
  slotsTaken: 2000,
  start_registration: null,
  end_registration: null,
  start_checkin: null,
  end_checkin: null,
  start_tournament: '2026-11-20T18:00:00.000Z',
  end_tournament: '2026-11-20T21:00:00.000Z',
  check_in: 60,
  check_in_end: 15,
  teamSize: null,
  teamCheckinMinimum: null,
  format: 'battle_royale',
  formatOverride: null,
  finalized: false,
  archived: false,
  competitionId: null,
  dateText: { it: '', en: '' },
  externalUrl: '',
  me: { member: true, confirmed: true, waitlistPosition: null },
  ...over,
});

describe('the banner state the tournament page embeds', () => {
  test('carries the member count, not the members: a 2,000-player tournament stays a few hundred bytes', () => {
    const state = bannerOf(tournament());
    expect(state.memberCount).toBe(2000);
    expect(state).not.toHaveProperty('members');
    expect(state).not.toHaveProperty('confirmedMembers');
    expect(JSON.stringify(state).length).toBeLessThan(700);
    expect(state.me).toEqual({ member: true, confirmed: true, waitlistPosition: null });
  });

  const banner = (over: Partial<BannerTournament> = {}): BannerTournament => ({ ...bannerOf(tournament()), ...over });
  test.each([
    ['a checked-in player of a live battle royale', {}, true],
    ['a member who has not checked in', { me: { member: true, confirmed: false, waitlistPosition: null } }, false],
    ['an anonymous visitor', { me: null }, false],
    ['a tournament not live yet', { status: 0 as const }, false],
    ['an ended tournament', { status: 2 as const }, false],
    ['a finalised one', { finalized: true }, false],
    ['a bracket tournament', { format: 'single_elimination' as const }, false],
  ])('"Report a match" for %s', (_, over, expected) => {
    expect(mayReport(banner(over))).toBe(expected);
  });
});
