import { z } from 'zod';

/** Images are at most 2 MB. The server checks the bytes, not the name or type. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const imageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** POST /api/media/{agency} answer; the image is then served at `url` (= /media/{bucket}/{name}). */
export const mediaUploadResultSchema = z.object({ bucket: z.string(), name: z.string(), url: z.string() });
export type MediaUploadResult = z.infer<typeof mediaUploadResultSchema>;

/** The address of a stored image, as the original client builds it from bucket and name. */
export const mediaUrl = (bucket: string, name: string) =>
  `/media/${encodeURIComponent(bucket)}/${encodeURIComponent(name)}`;
