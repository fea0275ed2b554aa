/** The image formats an upload may be. */
export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

/**
 * The parts of an image file that are not its compressed pixels: the header, text and comment chunks, colour
 * tables, extension blocks. Compressed pixels look like random bytes, so a megabyte of them holds a short run such
 * as `<svg` often enough that a photo searched whole for markup would now and then be refused; markup hidden in the
 * file lives in these other parts. Null when the file does not walk as its format's chunks or segments, a file
 * built to be something else besides an image.
 */
export function nonPixelParts(b: Buffer, format: ImageFormat): Buffer[] | null {
  try {
    if (format === 'png') return pngParts(b);
    if (format === 'jpeg') return jpegParts(b);
    if (format === 'gif') return gifParts(b);
    return webpParts(b);
  } catch (e) {
    // a length that points past the end of the file
    if (e instanceof RangeError) return null;
    throw e;
  }
}

/** A byte range, refused when it runs past the end (a slice would quietly stop short). */
function within(b: Buffer, start: number, end: number): Buffer {
  if (start < 0 || end > b.length || end < start) throw new RangeError('outside the file');
  return b.subarray(start, end);
}

// PNG: length, type, data, CRC per chunk; IDAT carries the pixels (fdAT an animation's frames)
function pngParts(b: Buffer): Buffer[] | null {
  const parts = [within(b, 0, 8)];
  let at = 8;
  for (;;) {
    const length = within(b, at, at + 4).readUInt32BE(0);
    const type = within(b, at + 4, at + 8).toString('latin1');
    const end = at + 12 + length;
    within(b, at, end);
    if (type !== 'IDAT' && type !== 'fdAT') parts.push(b.subarray(at + 4, end - 4));
    at = end;
    if (type === 'IEND') return at === b.length ? parts : null;
  }
}

// JPEG: marker segments with a length, each scan (SOS) followed by entropy-coded pixels up to the next marker
function jpegParts(b: Buffer): Buffer[] | null {
  const parts: Buffer[] = [];
  let at = 2;
  for (;;) {
    if (within(b, at, at + 2)[0] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xd9) return at + 2 === b.length ? parts : null;
    // markers without a length: restart markers and padding
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    const length = within(b, at + 2, at + 4).readUInt16BE(0);
    parts.push(within(b, at, at + 2 + length));
    at += 2 + length;
    if (marker === 0xda) {
      // the pixels: a 0xff in them is followed by 0x00 (stuffing) or a restart marker
      while (at + 1 < b.length && !(b[at] === 0xff && b[at + 1] !== 0 && (b[at + 1] < 0xd0 || b[at + 1] > 0xd7))) at++;
    }
  }
}

// GIF: header, screen descriptor and colour table, then extension blocks and images (LZW pixels) up to 0x3b
function gifParts(b: Buffer): Buffer[] | null {
  const tableSize = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  let at = 13 + tableSize(within(b, 0, 13)[10]);
  const parts = [within(b, 0, at)];
  // sub-blocks: a length byte, that many bytes, until a zero length
  const subBlocks = (keep: boolean) => {
    for (let n = within(b, at, at + 1)[0]; n > 0; n = within(b, at, at + 1)[0]) {
      if (keep) parts.push(within(b, at + 1, at + 1 + n));
      at += 1 + n;
    }
    at += 1;
  };
  for (;;) {
    const block = within(b, at, at + 1)[0];
    if (block === 0x3b) return at + 1 === b.length ? parts : null;
    if (block === 0x21) {
      parts.push(within(b, at, at + 2));
      at += 2;
      subBlocks(true);
    } else if (block === 0x2c) {
      const descriptor = 10 + tableSize(within(b, at, at + 10)[9]);
      parts.push(within(b, at, at + descriptor));
      // past the descriptor, its colour table and the LZW code size: the pixels
      at += descriptor + 1;
      subBlocks(false);
    } else return null;
  }
}

// WebP: RIFF chunks (type, little-endian length, data padded to an even length); VP8, VP8L, ALPH and animation
// frames carry the pixels
function webpParts(b: Buffer): Buffer[] | null {
  const parts = [within(b, 0, 12)];
  let at = 12;
  while (at < b.length) {
    const type = within(b, at, at + 4).toString('latin1');
    const length = within(b, at + 4, at + 8).readUInt32LE(0);
    const end = at + 8 + length + (length % 2);
    // the last chunk may go without its padding byte
    if (end > b.length + 1) return null;
    if (!['VP8 ', 'VP8L', 'ALPH', 'ANMF'].includes(type)) parts.push(b.subarray(at, end));
    else parts.push(b.subarray(at, at + 8));
    at = end;
  }
  return parts;
}
