import { describe, expect, it } from 'vitest';
import { groupKey, readTotpSecret } from './two-factor-key.ts';

describe('the manual two-factor key', () => {
  it('is the secret of the otpauth URI, in groups of four', () => {
    const uri =
      'otpauth://totp/Commonwise:dev%40commonwise.test?secret=GQ3HURJWIJUGETJNOUZTSQ3NKM3UG43FHA4FU4DCONEUUVC2NZUQ&issuer=Commonwise&digits=6&period=30';
    const secret = readTotpSecret(uri);
    expect(secret).toBe('GQ3HURJWIJUGETJNOUZTSQ3NKM3UG43FHA4FU4DCONEUUVC2NZUQ');
    expect(groupKey(secret!)).toBe('GQ3H URJW IJUG ETJN OUZT SQ3N KM3U G43F HA4F U4DC ONEU UVC2 NZUQ');
    expect(groupKey('ABCDEF')).toBe('ABCD EF');
  });

  it('is missing from a URI without one', () => {
    expect(readTotpSecret('otpauth://totp/Commonwise')).toBeNull();
    expect(readTotpSecret('not a uri')).toBeNull();
  });
});
