import exifReader from 'exif-reader';
import { instantOfWallClock } from '../notifications/zoned-time.ts';

export type PhotoEvidence = { takenAt: Date | null; latitude: number | null; longitude: number | null };

const none: PhotoEvidence = { takenAt: null, latitude: null, longitude: null };

/** Degrees from EXIF's [degrees, minutes, seconds] and its N/S or E/W reference. */
function degreesOf(parts: unknown, reference: unknown, limit: number): number | null {
  if (!Array.isArray(parts) || parts.length !== 3 || !parts.every((part) => Number.isFinite(part)))
    return null;
  const [degrees, minutes, seconds] = parts as number[];
  const value = degrees! + minutes! / 60 + seconds! / 3600;
  const signed = reference === 'S' || reference === 'W' ? -value : value;
  return Math.abs(signed) <= limit ? Math.round(signed * 1e6) / 1e6 : null;
}

/** "+02:00" → minutes east of UTC; null when absent or malformed. */
function offsetMinutesOf(offset: unknown): number | null {
  if (typeof offset !== 'string') return null;
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset.trim());
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return minutes <= 14 * 60 ? (match[1] === '-' ? -minutes : minutes) : null;
}

/**
 * When and where a photo was taken, from its EXIF data (issue 21: the evidence of a violation). The
 * camera writes its local wall-clock time: with an offset (OffsetTimeOriginal) that decides the instant;
 * without one the photo was taken on site, so the association's time zone does. Nothing else of the
 * EXIF data is kept: the stored photo is re-encoded without any metadata. A photo with no or unreadable
 * EXIF data has no evidence of its own (the violation's observed time stands).
 */
export function photoEvidenceOf(exif: Buffer | undefined, timeZone: string, now = new Date()): PhotoEvidence {
  if (!exif || exif.length < 8) return none;
  let tags: ReturnType<typeof exifReader>;
  try {
    tags = exifReader(exif);
  } catch {
    return none;
  }
  const latitude = degreesOf(tags.GPSInfo?.GPSLatitude, tags.GPSInfo?.GPSLatitudeRef, 90);
  const longitude = degreesOf(tags.GPSInfo?.GPSLongitude, tags.GPSInfo?.GPSLongitudeRef, 180);
  const hasPlace = latitude !== null && longitude !== null && !(latitude === 0 && longitude === 0);
  // exif-reader reads the wall-clock reading as if it were UTC.
  const wall = tags.Photo?.DateTimeOriginal ?? tags.Image?.DateTime;
  let takenAt: Date | null = null;
  if (wall instanceof Date && Number.isFinite(wall.getTime())) {
    const offset = offsetMinutesOf(tags.Photo?.OffsetTimeOriginal ?? tags.Photo?.OffsetTime);
    takenAt =
      offset === null ? instantOfWallClock(wall, timeZone) : new Date(wall.getTime() - offset * 60_000);
    // A camera clock set to the future (or the year 1970) is not evidence of anything.
    if (takenAt.getTime() > now.getTime() + 5 * 60_000 || takenAt.getUTCFullYear() < 2000) takenAt = null;
  }
  return {
    takenAt,
    latitude: hasPlace ? latitude : null,
    longitude: hasPlace ? longitude : null,
  };
}
