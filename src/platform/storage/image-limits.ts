import sharp, { type Sharp } from 'sharp';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { WorkGate } from '../http/work-gate.ts';

/**
 * Every bound on the work an uploaded image may cost, in one place: both upload paths (admin media,
 * src/platform/storage/media-service.ts, and the players' campaign upload,
 * src/features/campaign/server/service.ts) go through `imageWork`.
 *
 * A PNG of 1 x 25,000,000 px is 48 KB on the wire and was 40 s of CPU to re-encode: a total-pixel
 * cap alone does not bound the work, because libvips handles such a strip line by line with a
 * per-line cost. So each side is capped too, both read from the header before anything is decoded,
 * decoding runs under a time limit, and only a few images are processed at once.
 */
export const MAX_IMAGE_SIDE = 8192;
/** 25 megapixels: a small file can still decode to gigabytes (a "decompression bomb"). */
export const MAX_IMAGE_PIXELS = 25_000_000;

export interface ImageLimits {
  /** images processed at once (IMAGE_CONCURRENCY); about the core count, as libvips uses the threadpool */
  concurrency: number;
  /** uploads that may wait for a slot (IMAGE_QUEUE); beyond, 503 at once */
  queue: number;
  /** seconds one image may take to decode and re-encode (IMAGE_TIMEOUT_S) */
  timeoutSeconds: number;
}

// the bytes over 2 MB are IMAGE_TOO_LARGE (multipart.ts); these are the pixels, a different limit to name
const tooLarge = (why: string) => new AppError('tooLarge', 'IMAGE_TOO_MANY_PIXELS', why);

declare module 'fastify' {
  interface FastifyInstance {
    imageGate: WorkGate;
  }
}

export function registerImageLimits(app: FastifyInstance, limits: ImageLimits) {
  app.decorate('imageGate', new WorkGate(limits.concurrency, limits.queue));
}

/**
 * Runs `work` on the image in one of the app's image slots: the header is read first (sharp's
 * metadata() parses the header only) and an image over either cap is refused before a pixel is
 * decoded; the pipeline handed to `work` carries the pixel limit and the time limit. Other decoder
 * failures are left to the caller, which knows what to call them.
 */
export async function imageWork<T>(
  app: Pick<FastifyInstance, 'imageGate' | 'config'>,
  data: Buffer,
  options: { animated?: boolean; failOn?: 'none' | 'warning' },
  work: (image: Sharp) => Promise<T>,
): Promise<T> {
  return app.imageGate.run(async () => {
    const input = {
      failOn: options.failOn ?? 'warning',
      limitInputPixels: MAX_IMAGE_PIXELS,
      animated: options.animated ?? false,
    } as const;
    try {
      const meta = await sharp(data, input).metadata();
      const width = meta.width ?? 0;
      // an animation is a strip of frames: each frame is one picture, and all of them are decoded
      const frameHeight = meta.pageHeight ?? meta.height ?? 0;
      const frames = input.animated ? (meta.pages ?? 1) : 1;
      if (width > MAX_IMAGE_SIDE || frameHeight > MAX_IMAGE_SIDE)
        throw tooLarge(`The image is wider or taller than ${MAX_IMAGE_SIDE} px`);
      if (width * frameHeight * frames > MAX_IMAGE_PIXELS) throw tooLarge('The image has too many pixels');
      return await work(sharp(data, input).timeout({ seconds: app.config.imageLimits.timeoutSeconds }));
    } catch (e) {
      const message = String((e as Error).message);
      // sharp checks the pixel limit against the header too
      if (/pixel limit/i.test(message)) throw tooLarge('The image has too many pixels');
      if (/^timeout/i.test(message)) throw tooLarge('The image takes too long to process');
      throw e;
    }
  });
}
