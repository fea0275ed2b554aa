import { describe, expect, test } from 'vitest';
import { sanitizeRichText } from '../../../src/platform/rich-text.ts';
import { contentName } from '../../../src/platform/storage/media-storage.ts';
import { mediaUrl } from '../../../src/platform/storage/media-contract.ts';
import { mediaKeysIn } from '../../../src/platform/storage/media-references.ts';

const png = contentName(Buffer.from('a picture'), 'png');
const webp = contentName(Buffer.from('another picture'), 'webp');
const keys = (text: string | null | undefined) => [...mediaKeysIn(text)];

describe('the media addresses in a text', () => {
  test('a field holding one address names its object', () => {
    expect(keys(mediaUrl('Nexus', png))).toEqual([{ bucket: 'Nexus', name: png }]);
  });

  test('an https address of the site, with a query or a fragment after it, names the object too', () => {
    expect(keys(`https://arena.example${mediaUrl('Nexus', png)}?v=2#top`)).toEqual([{ bucket: 'Nexus', name: png }]);
  });

  test('every picture of a rich text, as the sanitiser stores it, in order', () => {
    const html = sanitizeRichText(
      `<p>Regole</p><img src="${mediaUrl('Nexus', png)}" alt="a"><p>e</p>` +
        `<img src="https://cdn.example${mediaUrl('Other_Agency', webp)}"><img src="${mediaUrl('Nexus', png)}">`,
    );
    expect(keys(html)).toEqual([
      { bucket: 'Nexus', name: png },
      { bucket: 'Other_Agency', name: webp },
      { bucket: 'Nexus', name: png },
    ]);
  });

  test('nothing of ours: empty, another site’s picture, a name not of our shape, a path that is not /media', () => {
    for (const text of [
      null,
      undefined,
      '',
      'https://cdn.example/images/cover.png',
      `/media/Nexus/${'ab'.repeat(20)}.png`,
      `/media/Nexus/${png.replace('.png', '.svg')}`,
      `/media/Nexus/${png.toUpperCase()}`,
      `/media/a/b/${png}`,
      `/static/Nexus/${png}`,
    ])
      expect(keys(text), String(text)).toEqual([]);
  });
});
