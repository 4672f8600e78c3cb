import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoEvidenceOf } from './photo-evidence.ts';

async function exifOf(exif: Parameters<ReturnType<typeof sharp>['withExif']>[0]) {
  const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .jpeg()
    .withExif(exif)
    .toBuffer();
  return (await sharp(image).metadata()).exif;
}

const now = new Date('2026-11-29T12:00:00Z');

describe("a violation photo's evidence", () => {
  it('reads the time in the association’s zone when the camera gave no offset, and the place', async () => {
    const exif = await exifOf({
      IFD2: { DateTimeOriginal: '2026:07:04 18:00:00' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 52/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '151/1 12/1 36/1',
      },
    });
    expect(photoEvidenceOf(exif, 'America/New_York', now)).toEqual({
      takenAt: new Date('2026-07-04T22:00:00Z'),
      latitude: -33.866667,
      longitude: 151.21,
    });
  });

  it('uses the camera’s own offset when it wrote one', async () => {
    const exif = await exifOf({
      IFD2: { DateTimeOriginal: '2026:11:20 09:30:00', OffsetTimeOriginal: '+09:00' },
    });
    expect(photoEvidenceOf(exif, 'America/Los_Angeles', now).takenAt).toEqual(
      new Date('2026-11-20T00:30:00Z'),
    );
  });

  it('keeps nothing from a clock set in the future, a null island or no EXIF at all', async () => {
    const exif = await exifOf({
      IFD2: { DateTimeOriginal: '2027:01:01 10:00:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '0/1 0/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '0/1 0/1 0/1',
      },
    });
    const none = { takenAt: null, latitude: null, longitude: null };
    expect(photoEvidenceOf(exif, 'UTC', now)).toEqual(none);
    expect(photoEvidenceOf(undefined, 'UTC', now)).toEqual(none);
    expect(photoEvidenceOf(Buffer.from('Exif\0\0garbage!'), 'UTC', now)).toEqual(none);
  });
});
