/**
 * POST /shopUser/uploadImage (multipart, file field 'attachFile') and the avatar files it makes.
 *
 * The multipart parser is registered in this module's own scope, so no other route accepts
 * multipart bodies. The upload is read as a stream and given up at 512000 bytes: nothing past the
 * limit is buffered, and the connection is closed so the rest is not read either.
 */
import { ERROR_CODES, endpoints, GENERIC_FIELD_ERROR, LIMITS } from '@account/contract';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, notFound } from '../../errors.js';
import type { Limit, LimitRule } from '../../http/rate-limit.js';
import { type RouteDeps, registerEndpoint } from '../../http/route.js';
import { AVATAR_PATH, type AvatarService } from './service.js';

/** Matched case-insensitively, like the other names the API reads (key casing). */
const FILE_FIELD = endpoints.uploadImage.upload.field;
/** Room for the multipart framing around the file (boundaries, part headers, a long file name). */
const MULTIPART_ALLOWANCE = 16 * 1024;
/** Busboy's limits: one file of at most 512000 bytes, next to nothing else. */
const UPLOAD_LIMITS = {
  fileSize: LIMITS.avatarMaxBytes,
  files: 1,
  fields: 2,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 3,
  headerPairs: 20,
};

/** Uploads per shopper: plenty for choosing a picture, few enough to keep image decoding cheap. */
export const UPLOAD_RATE_LIMIT: LimitRule = { name: 'avatar-upload', points: 30, windowSeconds: 15 * 60 };

export interface AvatarRouteOptions {
  avatars: AvatarService;
  /** Counts uploads per shopper, sized by UPLOAD_RATE_LIMIT. */
  uploadLimit: Limit;
}

/** 413 with the §5 key; the connection is closed so that the rest of the upload is never read. */
function tooLarge(reply: FastifyReply): AppError {
  reply.header('connection', 'close');
  return new AppError(413, ERROR_CODES.payloadTooLarge, `The image is larger than ${LIMITS.avatarMaxBytes} bytes`, {
    AttachFile: 'ac_InvalidFileSize',
  });
}

const noFile = (message: string) =>
  new AppError(400, ERROR_CODES.validation, message, { AttachFile: GENERIC_FIELD_ERROR });

/**
 * The file part's bytes, or a 413 as soon as busboy reports the size limit: it cuts the stream at
 * the limit but would otherwise go on reading (and discarding) the rest of the part. The stream is
 * iterated rather than listened to, so an error raised before this runs is not missed.
 */
async function readFile(file: MultipartFile['file'], reply: FastifyReply): Promise<Buffer> {
  let overLimit = file.truncated;
  const onLimit = () => {
    overLimit = true;
    file.destroy();
  };
  file.once('limit', onLimit);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of file) {
      if (overLimit || file.truncated) {
        overLimit = true;
        break;
      }
      chunks.push(chunk as Buffer);
    }
  } catch {
    if (!overLimit) throw noFile('The upload ended before the file was complete');
  } finally {
    file.off('limit', onLimit);
  }
  if (overLimit || file.truncated) throw tooLarge(reply);
  return Buffer.concat(chunks);
}

export async function registerAvatarRoutes(
  app: FastifyInstance,
  deps: RouteDeps,
  options: AvatarRouteOptions,
): Promise<void> {
  const { avatars, uploadLimit } = options;

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });

    registerEndpoint(scope, deps, 'uploadImage', async ({ shopperId, request, reply }) => {
      // A declared length that cannot hold a file within the limit is refused before reading.
      const declared = Number(request.headers['content-length']);
      if (declared > LIMITS.avatarMaxBytes + MULTIPART_ALLOWANCE) throw tooLarge(reply);
      await uploadLimit(request, reply, `shopper:${shopperId}`);
      if (!request.isMultipart()) {
        throw new AppError(415, ERROR_CODES.unsupportedMediaType, 'Send the image as multipart/form-data', {
          AttachFile: 'ac_InvalidFileType',
        });
      }
      // Every file part is looked at, not just the first: an upload of several files is refused
      // rather than half stored (which one did the shopper mean?). Text fields are ignored.
      const files = request.files();
      const nextFile = async () => {
        try {
          return await files.next();
        } catch (error) {
          const { statusCode: status, code } = error as { statusCode?: number; code?: string };
          reply.header('connection', 'close');
          // Busboy stops at the second file part (files: 1) and skips it.
          if (code === 'FST_FILES_LIMIT') throw noFile('Send one file only');
          // Busboy's other limits (parts, fields) carry a 4xx; a malformed body does not.
          if (status && status >= 400 && status < 500) throw error;
          throw noFile('The multipart body cannot be read');
        }
      };
      let content: Buffer | null = null;
      for (let next = await nextFile(); !next.done; next = await nextFile()) {
        if (content !== null) throw noFile('Send one file only');
        if (next.value.fieldname.toLowerCase() !== FILE_FIELD.toLowerCase())
          throw noFile(`No file in the field '${FILE_FIELD}'`);
        content = await readFile(next.value.file, reply);
      }
      if (content === null) throw noFile("No file in the field 'attachFile'");
      if (content.length === 0) throw noFile('The file is empty');
      reply.header('cache-control', 'no-store');
      return { imageUrl: await avatars.replace(shopperId, content) };
    });
  });

  /**
   * The avatar files. Public, like the avatars the shop shows next to reviews and in its header:
   * the URL holds 64 bits of the image's hash, so avatars cannot be listed by counting ids, and
   * what it serves has been re-encoded without metadata. The URL is content-addressed, so the
   * file may be cached by anyone for a year; a replaced avatar's URL answers 404 from then on.
   */
  app.get<{ Params: { file: string } }>(
    `${AVATAR_PATH}/:file`,
    {
      schema: { operationId: 'getAvatarFile', summary: 'Serves an avatar image by the name the upload answered' },
      // A response that shared caches keep for a year carries no cookie (the session plugin hands
      // out an XSRF token to visitors without one; here it would be cached and shared).
      onSend: async (_request, reply, payload) => {
        reply.removeHeader('set-cookie');
        return payload;
      },
    },
    async (request, reply) => {
      const avatar = await avatars.find(request.params.file);
      if (!avatar) throw notFound('No such avatar');
      const etag = `"${avatar.sha256}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        // Other pages of the shop (and a CDN in front of it) may embed the image.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-disposition', 'inline');
      const given = request.headers['if-none-match'];
      if (given?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.code(304).send();
      }
      return reply.type(avatar.contentType).send(avatar.content);
    },
  );
}
