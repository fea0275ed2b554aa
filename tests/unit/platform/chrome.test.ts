import { describe, expect, test } from 'vitest';
import { isCurrent, navItems } from '../../../src/layouts/site/nav-items.ts';
import { socialLinks } from '../../../src/layouts/site/social-links.ts';
import it from '../../../locales/it/common.json' with { type: 'json' };
import { translate } from '../../../src/platform/i18n/i18n.ts';

describe('sidebar items', () => {
  test('home is current only on the home page', () => {
    expect(isCurrent('/', '/')).toBe(true);
    expect(isCurrent('/', '/privacy-policy')).toBe(false);
  });

  test('a section is current on its own page and the pages below it, not on look-alikes', () => {
    expect(isCurrent('/tournaments', '/tournaments')).toBe(true);
    expect(isCurrent('/tournaments', '/tournaments/archive')).toBe(true);
    expect(isCurrent('/tournaments', '/tournaments-old')).toBe(false);
  });

  test('every label is a key of the common namespace', () => {
    for (const item of navItems) expect(translate(it, item.label)).not.toBe(item.label);
  });
});

describe('social links', () => {
  test('lists only networks with a configured https address, in a fixed order', () => {
    expect(
      socialLinks({
        SOCIAL_DISCORD_URL: 'https://discord.gg/abc',
        SOCIAL_INSTAGRAM_URL: ' https://instagram.com/brand ',
        SOCIAL_TWITCH_URL: '',
      }),
    ).toEqual([
      { network: 'instagram', href: 'https://instagram.com/brand' },
      { network: 'discord', href: 'https://discord.gg/abc' },
    ]);
  });

  test('drops addresses that are not https, so no script or placeholder link reaches the footer', () => {
    expect(
      socialLinks({
        SOCIAL_YOUTUBE_URL: 'javascript:alert(1)',
        SOCIAL_TIKTOK_URL: '#',
        SOCIAL_TWITCH_URL: 'http://twitch.tv/x',
      }),
    ).toEqual([]);
  });
});
