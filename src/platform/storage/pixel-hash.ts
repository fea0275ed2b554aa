import { createHash } from 'node:crypto';
import type { OutputInfo } from 'sharp';
import type { ServiceContext } from '../context.ts';
import { imageWork } from './image-limits.ts';

/**
 * A fingerprint of the picture itself: sha256 over the size and the decoded RGBA pixels (after
 * EXIF orientation), so the same screenshot re-saved with other metadata, another compression
 * level or as another lossless format is still recognised. Streamed, so a 25-megapixel image is
 * never one 100 MB buffer. Call it on data MediaService.store accepted; it is bounded like every
 * image decode (image-limits.ts). Shared by the campaign's screenshots and the match reports, whose
 * duplicate-image check compares both.
 */
export async function pixelHash(ctx: ServiceContext, data: Buffer): Promise<string> {
  return imageWork(ctx, data, { failOn: 'none' }, async (image) => {
    const pipeline = image.rotate().toColourspace('srgb').ensureAlpha().raw({ depth: 'uchar' });
    const info = new Promise<OutputInfo>((resolve, reject) => {
      pipeline.once('info', resolve);
      pipeline.once('error', reject);
    });
    const pixels = createHash('sha256');
    for await (const chunk of pipeline) pixels.update(chunk as Buffer);
    const { width, height } = await info;
    return createHash('sha256').update(`${width}x${height}:`).update(pixels.digest()).digest('hex');
  });
}
