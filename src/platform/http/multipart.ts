import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { z } from 'zod';
import { MAX_IMAGE_BYTES } from '../storage/media-contract.ts';
import { AppError } from './errors.ts';

/**
 * Multipart uploads (an admin's media, a player's screenshot): one image of at most
 * MAX_IMAGE_BYTES in the part `file`, beside a few short text fields.
 */
const limits = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 };

/**
 * Lets the routes of one encapsulated plugin accept multipart/form-data; every other route keeps
 * refusing it (415), so a multipart body can only reach code that reads it with the limits below.
 */
export async function acceptMultipart(app: FastifyInstance) {
  await app.register(multipart, { limits });
}

export interface MultipartBody {
  /** text parts by name; the first value wins when a name repeats */
  fields: Record<string, string>;
  /** the part `file`, or null when none came */
  file: Buffer | null;
}

/** Reads every part into memory within the limits; every parse failure is a 4xx. */
export async function readMultipart(req: FastifyRequest): Promise<MultipartBody> {
  if (!req.isMultipart())
    throw new AppError('unsupported', 'UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
  // a Map, not an object literal: a part named "__proto__" must stay a plain key
  const fields = new Map<string, string>();
  let file: Buffer | null = null;
  try {
    for await (const part of req.parts({ limits })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file')
          throw new AppError('invalid', 'VALIDATION_ERROR', 'The image goes in the field "file"');
        file = await part.toBuffer();
      } else if (!fields.has(part.fieldname)) {
        fields.set(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('tooLarge', 'IMAGE_TOO_LARGE', 'The image is larger than 2 MB');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError('tooLarge', 'PAYLOAD_TOO_LARGE', 'Send one file');
    // busboy's own complaints (truncated body, bad boundary) are the client's
    throw new AppError('invalid', 'VALIDATION_ERROR', 'Malformed multipart body');
  }
  return { fields: Object.fromEntries(fields), file };
}

/** The one `file` part (other parts are ignored); a body without it is a 400. */
export async function readUpload(req: FastifyRequest): Promise<Buffer> {
  const { file } = await readMultipart(req);
  if (!file) throw new AppError('invalid', 'VALIDATION_ERROR', 'The image goes in the field "file"');
  return file;
}

// fastify-type-provider-zod marks its validation items with this symbol; the error handler
// recognises them by it (hasZodFastifySchemaValidationErrors)
const zodValidationItem = Symbol.for('ZodFastifySchemaValidationError');

/**
 * Multipart fields cannot be checked by the route's body schema, so they are checked here and a
 * failure is answered exactly like a JSON body's: 400 VALIDATION_ERROR with issues `body.<field>`,
 * so the client maps messages such as `requiredField` to the same fields either way.
 */
export function bodyValidationError(issues: { path: PropertyKey[]; message: string; code?: string }[]) {
  const validation = issues.map((issue) => ({
    [zodValidationItem]: true,
    keyword: issue.code ?? 'custom',
    instancePath: `/${issue.path.map(String).join('/')}`,
    schemaPath: `#/${issue.path.map(String).join('/')}`,
    message: issue.message,
    params: {},
  }));
  return Object.assign(new Error('Invalid input'), {
    statusCode: 400,
    code: 'FST_ERR_VALIDATION',
    validation,
    validationContext: 'body',
  });
}

/** `schema` applied to multipart text fields; issues as bodyValidationError's, plus `extra` ones. */
export function parseFields<T extends z.ZodType>(
  schema: T,
  input: unknown,
  extra: { path: PropertyKey[]; message: string }[] = [],
): z.output<T> {
  const parsed = schema.safeParse(input);
  const issues = [...(parsed.success ? [] : parsed.error.issues), ...extra];
  if (issues.length) throw bodyValidationError(issues);
  return parsed.data as z.output<T>;
}
