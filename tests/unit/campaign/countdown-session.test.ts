import { describe, expect, test } from 'vitest';
import { deadlineSession } from '../../../src/features/campaign/ui/countdown-session.ts';

const phases = [
  { phase: 1, opensAt: '2026-01-12T00:00:00.000Z', closesAt: '2026-01-15T22:59:00.000Z' },
  { phase: 2, opensAt: '2026-01-16T00:00:00.000Z', closesAt: '2026-01-29T22:59:00.000Z' },
  { phase: 3, opensAt: '2026-01-30T00:00:00.000Z', closesAt: '2026-02-12T22:59:00.000Z' },
];

describe('deadlineSession', () => {
  test('names the session whose window holds the deadline, its close included', () => {
    expect(deadlineSession(phases, '2026-01-15T22:59:00.000Z')).toBe(1);
    expect(deadlineSession(phases, '2026-02-12T22:59:00.000Z')).toBe(3);
    expect(deadlineSession(phases, '2026-01-20T12:00:00.000Z')).toBe(2);
  });
  test('a deadline outside every window, or unreadable, names none', () => {
    expect(deadlineSession(phases, '2026-03-01T00:00:00.000Z')).toBeNull();
    expect(deadlineSession(phases, '2026-01-15T23:30:00.000Z')).toBeNull();
    expect(deadlineSession(phases, 'soon')).toBeNull();
  });
});
