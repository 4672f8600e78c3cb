import sharp from 'sharp';
import { attachmentLimits } from '@commonwise/contracts';
import { maxImagePixels } from '../documents/container-checks.ts';

export type ProcessedImage = {
  full: Buffer;
  mimeType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  thumbnail: Buffer;
  /** The original's raw EXIF block, if it had one (read, never stored as is). */
  exif: Buffer | undefined;
};

/**
 * A photo as it is kept: turned upright, at most `imageMaxSide` on its long side, re-encoded (which
 * also drops anything hidden after the image data) and without metadata — a phone's photo carries
 * where it was taken, which a resident's neighbours in a work room have no business knowing. A staff
 * member documenting work keeps the EXIF (time and place are the evidence), `keepLocation`.
 * Decoding is bounded: at most `maxImagePixels` pixels and 20 seconds.
 */
export async function processImage(
  input: Buffer,
  keepLocation: boolean,
  /** Pixels already decoded (a HEIC photo: RGBA), which have no metadata of their own. */
  raw?: { width: number; height: number },
): Promise<ProcessedImage> {
  const source = () =>
    (raw
      ? sharp(input, { raw: { width: raw.width, height: raw.height, channels: 4 } }).removeAlpha()
      : sharp(input, { limitInputPixels: maxImagePixels, failOn: 'error' })
    ).timeout({ seconds: 20 });
  const metadata = await source().metadata();
  const hasAlpha = !raw && Boolean(metadata.hasAlpha);
  let pipeline = source().autoOrient().resize({
    width: attachmentLimits.imageMaxSide,
    height: attachmentLimits.imageMaxSide,
    fit: 'inside',
    withoutEnlargement: true,
  });
  if (keepLocation) pipeline = pipeline.keepExif();
  const { data: full, info } = await (
    hasAlpha ? pipeline.png({ compressionLevel: 8 }) : pipeline.jpeg({ quality: 82, mozjpeg: true })
  ).toBuffer({ resolveWithObject: true });
  const thumbnail = await sharp(full)
    .resize({
      width: attachmentLimits.thumbnailSide,
      height: attachmentLimits.thumbnailSide,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 75, mozjpeg: true })
    .toBuffer();
  return {
    full,
    mimeType: hasAlpha ? 'image/png' : 'image/jpeg',
    width: info.width,
    height: info.height,
    thumbnail,
    exif: raw ? undefined : metadata.exif,
  };
}

/**
 * Removes the metadata of an MP4 or QuickTime video without re-encoding it: the boxes that carry it
 * (`udta`, with Apple's and Android's `©xyz` location, and `meta`, with Apple's location key) are
 * renamed `free`, which every player skips, so no offset moves. Changes `video` in place; returns how
 * many boxes were blanked. A file whose boxes do not add up is refused by the caller (null).
 */
export function stripVideoMetadata(video: Buffer): number | null {
  let blanked = 0;
  const walk = (start: number, end: number, depth: number): boolean => {
    let offset = start;
    while (offset + 8 <= end) {
      let size = video.readUInt32BE(offset);
      const type = video.toString('latin1', offset + 4, offset + 8);
      let header = 8;
      if (size === 1) {
        if (offset + 16 > end) return false;
        const large = video.readBigUInt64BE(offset + 8);
        if (large > BigInt(Number.MAX_SAFE_INTEGER)) return false;
        size = Number(large);
        header = 16;
      } else if (size === 0) {
        size = end - offset;
      }
      if (size < header || offset + size > end) return false;
      if (depth > 0 && (type === 'udta' || type === 'meta')) {
        video.write('free', offset + 4, 'latin1');
        blanked += 1;
      } else if ((depth === 0 && type === 'moov') || (depth === 1 && type === 'trak')) {
        if (!walk(offset + header, offset + size, depth + 1)) return false;
      } else if (depth === 0 && type === 'meta') {
        // A top-level `meta` (HEIF-style files) holds metadata too.
        video.write('free', offset + 4, 'latin1');
        blanked += 1;
      }
      offset += size;
    }
    return true;
  };
  return walk(0, video.length, 0) ? blanked : null;
}
