import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeHeic, HeicError, heicExif } from './heic.ts';

describe('HEIC photos', () => {
  it('decode off the main thread to pixels, and refuse more pixels than allowed before decoding', async () => {
    const heic = readFileSync(new URL('../../test/fixtures/photos/phone.heic', import.meta.url));
    const image = await decodeHeic(heic, 10_000);
    expect([image.width, image.height, image.data.length]).toEqual([96, 64, 96 * 64 * 4]);
    await expect(decodeHeic(heic, 96 * 64 - 1)).rejects.toEqual(new HeicError('too-many-pixels'));
    await expect(decodeHeic(Buffer.from('not a photo'), 10_000)).rejects.toEqual(new HeicError('unreadable'));
  });

  it('find their EXIF block as libheif and as iPhones write it', async () => {
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Phone' } })
      .toBuffer();
    const exif = (await sharp(jpeg).metadata()).exif!; // "Exif\0\0" then the TIFF header
    const tiff = exif.subarray(6);
    const offset = (value: number) => Buffer.from([0, 0, 0, value]);
    const libheif = Buffer.concat([Buffer.from('....ftypheic'), offset(0), tiff]);
    const iphone = Buffer.concat([Buffer.from('....ftypheic'), offset(6), exif]);
    expect(heicExif(libheif)?.subarray(0, 4).toString('latin1')).toBe(tiff.subarray(0, 4).toString('latin1'));
    expect(heicExif(iphone)?.length).toBe(tiff.length);
    expect(heicExif(Buffer.from('....ftypheic no metadata'))).toBeUndefined();
  });
});
