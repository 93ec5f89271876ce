/**
 * Turns an uploaded file into a safe avatar (DESIGN §6: sniffed, size-capped, re-encoded).
 *
 * - The type is decided from the content (magic bytes), never from the file name or the client's
 *   content type: only JPEG and PNG are accepted (spec §5 Avatar upload).
 * - The declared dimensions are checked before decoding (decompression bombs: a few hundred bytes
 *   of PNG can declare 20000x20000 pixels, i.e. 1.6 GB of RGBA).
 * - The image is decoded and encoded anew: EXIF orientation applied, every metadata block
 *   (EXIF with GPS, XMP, IPTC, comments, ICC after conversion to sRGB) dropped, at most 512x512.
 *   A JPEG is written unless the image really uses transparency, which JPEG cannot hold: then PNG.
 */
import { createHash } from 'node:crypto';
import type { Metadata, OutputInfo, SharpOptions } from 'sharp';

export type AvatarContentType = 'image/jpeg' | 'image/png';

export interface AvatarImage {
  content: Buffer;
  contentType: AvatarContentType;
  width: number;
  height: number;
  /** Hex SHA-256 of `content`. */
  sha256: string;
}

/** The longest side of a stored avatar. */
export const AVATAR_MAX_SIDE = 512;
/** Larger images are refused before they are decoded (about 96 MB of RGBA at most). */
export const MAX_INPUT_PIXELS = 24_000_000;
export const JPEG_QUALITY = 85;

/** Content types by magic bytes (file-type) -> the format sharp must agree on. APNG is a PNG. */
const ACCEPTED: Record<string, 'jpeg' | 'png'> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/apng': 'png' };

/**
 * The upload is not an avatar this server accepts: `type` when the content is not JPEG or PNG,
 * `image` when it is but cannot be read (corrupt, truncated) or declares too many pixels.
 */
export class UnsupportedImageError extends Error {
  override name = 'UnsupportedImageError';
  constructor(
    readonly reason: 'type' | 'image',
    message: string,
  ) {
    super(message);
  }
}

const INPUT: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', pages: 1 };

function result(content: Buffer, contentType: AvatarContentType, info: OutputInfo): AvatarImage {
  return {
    content,
    contentType,
    width: info.width,
    height: info.height,
    sha256: createHash('sha256').update(content).digest('hex'),
  };
}

/** Loaded at the first upload: sharp (a native library) and file-type took a tenth of the server's start. */
const imageLibraries = () => Promise.all([import('file-type'), import('sharp')]);

export async function reencodeAvatar(input: Buffer): Promise<AvatarImage> {
  const [{ fileTypeFromBuffer }, { default: sharp }] = await imageLibraries();
  const detected = await fileTypeFromBuffer(input);
  const format = detected ? ACCEPTED[detected.mime] : undefined;
  if (!format) throw new UnsupportedImageError('type', `Not a JPEG or PNG image (${detected?.mime ?? 'unknown'})`);

  // The header only: sharp refuses here already when the declared size is over the pixel limit.
  let metadata: Metadata;
  try {
    metadata = await sharp(input, INPUT).metadata();
  } catch (error) {
    throw new UnsupportedImageError('image', (error as Error).message);
  }
  const { width = 0, height = 0 } = metadata;
  if (metadata.format !== format || width < 1 || height < 1 || width * height > MAX_INPUT_PIXELS) {
    throw new UnsupportedImageError('image', `Unreadable or too large image (${metadata.format} ${width}x${height})`);
  }

  const bounded = () =>
    sharp(input, INPUT)
      .rotate()
      .resize({ width: AVATAR_MAX_SIDE, height: AVATAR_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb');
  try {
    if (metadata.hasAlpha) {
      const png = await bounded().png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true });
      if (!(await sharp(png.data).stats()).isOpaque) return result(png.data, 'image/png', png.info);
    }
    const jpeg = await bounded()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return result(jpeg.data, 'image/jpeg', jpeg.info);
  } catch (error) {
    // A corrupt or truncated image body (the header was fine).
    throw new UnsupportedImageError('image', (error as Error).message);
  }
}
