/**
 * How answers travel compressed: Brotli where the client takes it, else gzip; the web app's assets
 * were compressed at build time and are sent as they are (spa.ts).
 */
import { constants as zlibConstants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/** JSON answers: a quality cheap enough for every call. */
export const ANSWER_QUALITY = 4;

/**
 * The page (index.html with the first screen's answers, 55-80 KB): quality 5 makes it about 8 %
 * smaller than 4 (the orders page 13.7 -> 12.7 KB) for about 0.8 ms more CPU, once per page load.
 * A page within TCP's first congestion window (about 14.6 KB with the headers) arrives in one round
 * trip on a new connection; at quality 4 the orders page did not fit, and a phone on a slow
 * network waited a round trip more for it (Lighthouse mobile, npm run bench).
 */
export const PAGE_QUALITY = 5;

/** The compression options, Brotli at this quality. */
export const compression = (quality: number): FastifyCompressOptions => ({
  global: true,
  threshold: 1024,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } },
});
