import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { nonPixelParts } from '../../../src/platform/storage/image-parts.ts';
import { isPolyglot, type ImageFormat } from '../../../src/platform/storage/media-service.ts';

const formats: ImageFormat[] = ['png', 'jpeg', 'webp', 'gif'];
const noisy = (format: ImageFormat, width = 200, height = 150) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();

/** The first byte of the compressed pixels' data in a real image of `format`, found by walking it by hand. */
function pixelOffset(b: Buffer, format: ImageFormat): number {
  if (format === 'png') return b.indexOf('IDAT', 8, 'latin1') + 4 + 16;
  if (format === 'jpeg') {
    const sos = b.indexOf(Buffer.from([0xff, 0xda]));
    return sos + 2 + b.readUInt16BE(sos + 2) + 16;
  }
  if (format === 'webp') return b.indexOf('VP8', 12, 'latin1') + 8 + 16;
  // GIF: after the image descriptor (0x2c), its table if any, and the LZW code size, past the first length byte
  const descriptor = b.indexOf(0x2c, 13 + (b[10] & 0x80 ? 3 * 2 ** ((b[10] & 7) + 1) : 0));
  const table = b[descriptor + 9] & 0x80 ? 3 * 2 ** ((b[descriptor + 9] & 7) + 1) : 0;
  return descriptor + 10 + table + 1 + 1 + 16;
}

describe('the parts of an image outside its pixels', () => {
  test.each(formats)('a real %s walks to its end and is no polyglot', async (format) => {
    const image = await noisy(format);
    expect(nonPixelParts(image, format)).not.toBeNull();
    expect(isPolyglot(image, format)).toBe(false);
  });

  test.each(formats)('markup-like bytes inside the pixels of a %s are no polyglot', async (format) => {
    // compressed pixels are near random: such a run turns up in real photos, and a photo is not refused for it
    const image = Buffer.from(await noisy(format));
    const at = pixelOffset(image, format);
    image.write('<svg', at, 'latin1');
    expect(nonPixelParts(image, format)).not.toBeNull();
    expect(isPolyglot(image, format)).toBe(false);
  });

  test('markup in a PNG text chunk, a JPEG comment, a GIF comment or a WebP chunk of its own: a polyglot', async () => {
    const markup = Buffer.from('<script>alert(1)</script>');
    const png = await noisy('png');
    const text = Buffer.alloc(12 + 5 + markup.length);
    text.writeUInt32BE(5 + markup.length, 0);
    text.write('tEXttitle\0', 4, 'latin1');
    markup.copy(text, 14);
    expect(isPolyglot(Buffer.concat([png.subarray(0, 33), text, png.subarray(33)]), 'png')).toBe(true);

    const jpeg = await noisy('jpeg');
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, markup.length + 2]), markup]);
    expect(isPolyglot(Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2)]), 'jpeg')).toBe(true);

    const gif = await noisy('gif');
    const table = gif[10] & 0x80 ? 3 * 2 ** ((gif[10] & 7) + 1) : 0;
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, markup.length]), markup, Buffer.from([0])]);
    const at = 13 + table;
    expect(isPolyglot(Buffer.concat([gif.subarray(0, at), comment, gif.subarray(at)]), 'gif')).toBe(true);

    const webp = Buffer.from(await noisy('webp'));
    const chunk = Buffer.concat([Buffer.from('XTRA'), Buffer.alloc(4), markup, Buffer.alloc(markup.length % 2)]);
    chunk.writeUInt32LE(markup.length, 4);
    const withChunk = Buffer.concat([webp, chunk]);
    withChunk.writeUInt32LE(withChunk.length - 8, 4);
    expect(nonPixelParts(withChunk, 'webp')).not.toBeNull();
    expect(isPolyglot(withChunk, 'webp')).toBe(true);
  });

  test.each(formats)('a %s cut short or with a length past its end does not walk', async (format) => {
    const image = await noisy(format);
    expect(nonPixelParts(image.subarray(0, Math.floor(image.length / 2)), format)).toBeNull();
    expect(nonPixelParts(image.subarray(0, 20), format)).toBeNull();
  });
});
