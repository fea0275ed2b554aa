import { describe, expect, it } from 'vitest';
import { linkLeaving, mustAsk, releaseUnsaved, $unsaved } from '../../../src/platform/ui/admin/unsaved-guard.ts';

const HERE = 'https://arena.test/dashboard/news/edit?id=n1';
const click = { defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
const link = (href: string, attrs: { target?: string; download?: boolean } = {}) => ({
  href,
  target: attrs.target ?? '',
  hasAttribute: (name: string) => name === 'download' && !!attrs.download,
});

describe('which link clicks leave an edited dashboard page (and so ask first)', () => {
  it.each([
    ['a sidebar link', link('https://arena.test/dashboard/tournaments'), 'https://arena.test/dashboard/tournaments'],
    ['a relative link back to the list', link('/en/dashboard/news'), 'https://arena.test/en/dashboard/news'],
    ['the same page again (a reload)', link(HERE), HERE],
    ['another site in this tab', link('https://example.org/'), 'https://example.org/'],
    ['a link with target _self', link('/dashboard', { target: '_self' }), 'https://arena.test/dashboard'],
  ])('%s leaves', (_, a, expected) => {
    expect(linkLeaving(click, a, HERE)).toBe(expected);
  });

  it.each([
    ['a new tab (target _blank)', click, link('/news/n1', { target: '_blank' })],
    ['a download', click, link('/api/export.csv', { download: true })],
    ['a jump within the page', click, link(`${HERE}#body`)],
    ['a mailto link', click, link('mailto:someone@arena.test')],
    ['a ctrl-click (new tab)', { ...click, ctrlKey: true }, link('/dashboard')],
    ['a cmd-click', { ...click, metaKey: true }, link('/dashboard')],
    ['a shift-click (new window)', { ...click, shiftKey: true }, link('/dashboard')],
    ['a middle click', { ...click, button: 1 }, link('/dashboard')],
    ['a click a handler already took', { ...click, defaultPrevented: true }, link('/dashboard')],
  ])('%s stays', (_, c, a) => {
    expect(linkLeaving(c, a, HERE)).toBeNull();
  });
});

describe('the guard asks only while something is unsaved, until the admin chooses to leave', () => {
  it('follows the unsaved state and stops asking once released', () => {
    $unsaved.set(false);
    expect(mustAsk()).toBe(false);
    $unsaved.set(true);
    expect(mustAsk()).toBe(true);
    releaseUnsaved();
    expect(mustAsk()).toBe(false);
  });
});
