import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentStorageKey, sanitiseFileName } from './file-names.ts';

/**
 * Property tests (fast-check) for SPEC §5's file-name sanitising: whatever name an upload claims —
 * path traversal, separators of either kind, NUL bytes, Unicode look-alikes, thousands of
 * characters — the stored name is one safe path segment.
 */

/** Names a hostile or careless client sends: arbitrary Unicode, plus pieces that matter to paths. */
const hostileName = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc
    .array(
      fc.constantFrom(
        '..',
        '.',
        '/',
        '\\',
        '\u0000',
        ' ',
        '_',
        '%2e',
        '%2f',
        'etc',
        'passwd',
        'ﬁ',
        'é',
        '\u202e',
        'a',
        'Z9',
        '.pdf',
        '.PDF',
        '.txt',
      ),
      { maxLength: 60 },
    )
    .map((parts) => parts.join('')),
  // Long names of words and separators, where cutting to 100 characters can land on a separator.
  fc.stringMatching(/^[a-z _/.-]{90,130}(\.pdf)?$/),
  fc
    .tuple(fc.integer({ min: 90, max: 110 }), fc.constantFrom(' ', '/', '__', ' - '))
    .map(([length, separator]) => `${'a'.repeat(length)}${separator}tail.pdf`),
  fc
    .tuple(fc.string({ maxLength: 400 }), fc.stringMatching(/^[A-Za-z0-9]{1,400}$/))
    .map(([base, ext]) => `${base}.${ext}`),
);

const runs = { numRuns: 2000 };

describe('sanitiseFileName (property-based)', () => {
  it('gives one safe segment: word characters, then at most one short lower-case extension', () => {
    fc.assert(
      fc.property(hostileName, (name) => {
        const safe = sanitiseFileName(name);
        expect(safe).toMatch(/^[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*(?:\.[a-z0-9]{1,10})?$/);
        expect(safe).not.toMatch(/[\\/]|\.\./);
        expect(safe.includes('\u0000')).toBe(false);
        expect(safe.startsWith('.')).toBe(false);
      }),
      runs,
    );
  });

  it('is never empty and never longer than 100 characters plus the extension', () => {
    fc.assert(
      fc.property(hostileName, (name) => {
        const safe = sanitiseFileName(name);
        expect(safe.length).toBeGreaterThan(0);
        expect(safe.length).toBeLessThanOrEqual(100 + 1 + 10);
      }),
      runs,
    );
  });

  it('is idempotent: a sanitised name is kept as it is', () => {
    fc.assert(
      fc.property(hostileName, (name) => {
        const safe = sanitiseFileName(name);
        expect(sanitiseFileName(safe)).toBe(safe);
      }),
      runs,
    );
  });

  it('keeps a name that is already safe, and the extension of any name', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9]{1,20}(_[A-Za-z0-9]{1,20}){0,3}$/),
        fc.constantFrom('pdf', 'docx', 'doc', 'png', 'jpg', 'jpeg', 'gif', 'txt'),
        fc.string({ maxLength: 50 }),
        (base, extension, junk) => {
          expect(sanitiseFileName(`${base}.${extension}`)).toBe(`${base}.${extension}`);
          expect(sanitiseFileName(`${junk}.${extension.toUpperCase()}`).endsWith(`.${extension}`)).toBe(true);
        },
      ),
      runs,
    );
  });

  it('makes storage keys of exactly property/category/timestamp_name, whatever the name', () => {
    fc.assert(
      fc.property(hostileName, fc.integer({ min: 0, max: 2 ** 42 }), (name, now) => {
        const key = documentStorageKey('3f1c2d4e-0000-4000-8000-000000000000', 'ccr', name, now);
        const segments = key.split('/');
        expect(segments).toHaveLength(3);
        expect(segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..')).toBe(true);
        expect(segments[2]).toBe(`${now}_${sanitiseFileName(name)}`);
      }),
      runs,
    );
  });
});
