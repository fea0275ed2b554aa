import type { ServiceContext } from '../context.ts';
import { mediaUrl, type MediaUploadResult } from './media-contract.ts';
import { AppError } from '../errors/app-error.ts';
import { imageWork } from './image-limits.ts';
import { contentName } from './media-storage.ts';
import { nonPixelParts, type ImageFormat } from './image-parts.ts';

export type { ImageFormat };
export const extensionOf: Record<ImageFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif' };
export const contentTypeOf: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/**
 * Each refusal names what happened, so the upload field can say it: INVALID_IMAGE is a file that is
 * not a PNG, JPEG, WebP or GIF at all; IMAGE_DAMAGED one that claims to be but does not decode, or
 * carries something besides the picture (the sizes are image-limits.ts's codes).
 */
const invalid = (why: string) => new AppError('invalid', 'INVALID_IMAGE', why);
const damaged = (why: string) => new AppError('invalid', 'IMAGE_DAMAGED', why);

/** The format by its magic bytes; the name and the declared type are not looked at. */
export function detectFormat(b: Buffer): ImageFormat | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 6 && ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/**
 * A polyglot is a file that is an image and also something else (HTML, a script, an archive
 * appended after the image). The image must end where its format says it ends, walk as its format's chunks, and
 * carry no markup outside its pixels (a GIF whose header doubles as JavaScript, HTML in a text chunk).
 */
export function isPolyglot(b: Buffer, format: ImageFormat): boolean {
  const endsRight =
    format === 'png'
      ? b.subarray(-12).equals(PNG_END)
      : format === 'jpeg'
        ? b[b.length - 2] === 0xff && b[b.length - 1] === 0xd9
        : format === 'gif'
          ? b[b.length - 1] === 0x3b
          : b.readUInt32LE(4) + 8 === b.length;
  if (!endsRight) return true;
  const parts = nonPixelParts(b, format);
  if (!parts) return true;
  return /<\s*(script|html|body|svg|iframe|object|embed|\?php|!doctype)|javascript:/i.test(
    Buffer.concat(parts).toString('latin1'),
  );
}

/**
 * Decodes and re-encodes the image in its own format. What is stored is what the decoder saw,
 * nothing more: EXIF (GPS), XMP, ICC and comments are dropped (sharp writes no metadata unless
 * asked), and JPEG orientation is applied first so the picture still stands the right way up.
 */
export async function reencode(ctx: ServiceContext, data: Buffer, format: ImageFormat): Promise<Buffer> {
  const animated = format === 'gif' || format === 'webp';
  try {
    // sizes, time and concurrency are bounded by imageWork (src/platform/storage/image-limits.ts)
    return await imageWork(ctx, data, { failOn: 'warning', animated }, async (image) => {
      let img = image;
      const meta = await img.metadata();
      if (meta.format !== format) throw damaged('The content is not the image it claims to be');
      if (format === 'jpeg') img = img.rotate();
      if (format === 'png') return await img.png({ compressionLevel: 9 }).toBuffer();
      if (format === 'jpeg') return await img.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
      if (format === 'webp') return await img.webp({ quality: 85 }).toBuffer();
      return await img.gif().toBuffer();
    });
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw damaged('The image could not be decoded');
  }
}

/** The admin who uploads, as the audit log signs the entry. */
export interface Uploader {
  id: string;
  name: string;
}

/**
 * Records a stored upload in the audit log. The platform keeps no log of its own: the composition root
 * hands in the audit feature's recorder (src/app/app.ts).
 */
export type RecordUpload = (
  ctx: ServiceContext,
  actor: Uploader,
  upload: MediaUploadResult & { bytes: number },
) => Promise<void>;

/** An admin's upload (POST /media): stored like any image, then recorded in the audit log. */
export async function upload(
  ctx: ServiceContext,
  record: RecordUpload,
  actor: Uploader,
  bucket: string,
  data: Buffer,
): Promise<MediaUploadResult> {
  const stored = await store(ctx, bucket, data);
  await record(ctx, actor, { ...stored, bytes: data.length });
  return stored;
}

/** Checks, cleans and stores an upload under a name derived from the stored bytes (media-storage.ts, contentName). */
export async function store(ctx: ServiceContext, bucket: string, data: Buffer): Promise<MediaUploadResult> {
  const format = detectFormat(data);
  if (!format) throw invalid('Only PNG, JPEG, WebP and GIF images are accepted');
  if (isPolyglot(data, format)) throw damaged('The file carries data besides the image');
  const clean = await reencode(ctx, data, format);
  const ext = extensionOf[format];
  const name = contentName(clean, ext);
  await ctx.mediaStorage.put(bucket, name, clean, contentTypeOf[ext]);
  return { bucket, name, url: mediaUrl(bucket, name) };
}
