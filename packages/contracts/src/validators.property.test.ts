import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailMaxLength, passwordMaxLength, passwordMinLength, signInSchema } from './account.ts';
import { messageMaxLength, postMessageSchema } from './chat.ts';
import { propertyInputSchema, propertyTypes } from './properties.ts';
import {
  canChangeWorkOrderStatus,
  changeWorkOrderStatusSchema,
  createTaskSchema,
  workOrderStatuses,
} from './work-orders.ts';

/**
 * Property tests (fast-check) for the validators the server and the web app share: for any input,
 * hostile or not, a schema either refuses it with a message or accepts exactly what its rules say,
 * and never throws.
 */
const runs = { numRuns: 1000 };
/** Any text, including lone surrogates, NUL, combining marks and emoji. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 5000 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
);
const whitespace = fc.constantFrom('', ' ', '\n', '\t', '  \u00a0');

describe('postMessageSchema (chat and room messages)', () => {
  it('accepts text of 1 to 4000 characters after trimming, stored trimmed, and refuses the rest with a message', () => {
    fc.assert(
      fc.property(anyText, whitespace, whitespace, (text, before, after) => {
        const content = `${before}${text}${after}`;
        const result = postMessageSchema.safeParse({ content });
        const trimmed = content.trim();
        const isValid = trimmed.length >= 1 && trimmed.length <= messageMaxLength;
        expect(result.success).toBe(isValid);
        if (result.success) expect(result.data.content).toBe(trimmed);
        else expect(result.error.issues[0]!.message.length).toBeGreaterThan(0);
      }),
      runs,
    );
  });

  it('never throws and refuses anything that is not an object with a string content', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const result = postMessageSchema.safeParse(value);
        if (result.success) expect(typeof (value as { content?: unknown }).content).toBe('string');
      }),
      runs,
    );
  });
});

describe('propertyInputSchema (the property form)', () => {
  const validProperty = fc.record({
    name: fc.string({ minLength: 1, maxLength: 200 }).filter((name) => name.trim().length > 0),
    address: fc.string({ minLength: 5, maxLength: 300 }).filter((address) => address.trim().length >= 5),
    type: fc.constantFrom(...propertyTypes),
    units: fc.integer({ min: 1, max: 100_000 }),
  });

  it('accepts every property inside the rules, trimmed', () => {
    fc.assert(
      fc.property(validProperty, (input) => {
        const result = propertyInputSchema.safeParse(input);
        expect(result.success).toBe(true);
        expect(result.data!.name).toBe(input.name.trim());
        expect(result.data!.address).toBe(input.address.trim());
      }),
      runs,
    );
  });

  it('refuses units that are not a whole number from 1 to 100,000, saying so', () => {
    const badUnits = fc.oneof(
      fc.integer({ max: 0 }),
      fc.integer({ min: 100_001 }),
      fc.double({ noInteger: true }),
      fc.constantFrom(Number.NaN, Infinity, -Infinity),
      fc.string().map((text) => text as unknown as number),
    );
    fc.assert(
      fc.property(validProperty, badUnits, (input, units) => {
        const result = propertyInputSchema.safeParse({ ...input, units });
        expect(result.success).toBe(false);
        expect(result.error!.issues.some((issue) => issue.path[0] === 'units')).toBe(true);
      }),
      runs,
    );
  });

  it('refuses names over 200 characters and types outside the list', () => {
    fc.assert(
      fc.property(
        validProperty,
        fc.string({ minLength: 201, maxLength: 2000 }).filter((name) => name.trim().length > 200),
        fc.string().filter((type) => !(propertyTypes as readonly string[]).includes(type)),
        (input, longName, type) => {
          expect(propertyInputSchema.safeParse({ ...input, name: longName }).success).toBe(false);
          expect(propertyInputSchema.safeParse({ ...input, type }).success).toBe(false);
        },
      ),
      runs,
    );
  });
});

describe('signInSchema (e-mail and password)', () => {
  const email = fc.stringMatching(/^[a-z0-9]{1,20}(\.[a-z0-9]{1,10})?@[a-z0-9]{1,20}\.[a-z]{2,6}$/);

  it('accepts a plain address with surrounding spaces (trimmed) and a password of 6 to 128 characters', () => {
    fc.assert(
      fc.property(
        email,
        whitespace,
        fc.string({ minLength: passwordMinLength, maxLength: passwordMaxLength }),
        (address, space, password) => {
          const result = signInSchema.safeParse({ email: `${space}${address}${space}`, password });
          expect(result.success).toBe(true);
          expect(result.data!.email).toBe(address);
        },
      ),
      runs,
    );
  });

  it('refuses passwords shorter than 6 or longer than 128 characters', () => {
    fc.assert(
      fc.property(
        email,
        fc.oneof(
          fc.string({ maxLength: passwordMinLength - 1 }),
          fc.string({ minLength: passwordMaxLength + 1, maxLength: 5000 }),
        ),
        (address, password) => {
          const result = signInSchema.safeParse({ email: address, password });
          expect(result.success).toBe(false);
          expect(result.error!.issues.map((issue) => issue.path[0])).toContain('password');
        },
      ),
      runs,
    );
  });

  it('refuses anything without an @, and anything longer than 254 characters', () => {
    fc.assert(
      fc.property(
        anyText.filter((text) => !text.includes('@')),
        email,
        (text, address) => {
          expect(signInSchema.safeParse({ email: text, password: 'long-enough' }).success).toBe(false);
          const long = `${'a'.repeat(emailMaxLength)}${address}`;
          const result = signInSchema.safeParse({ email: long, password: 'long-enough' });
          expect(result.success).toBe(false);
          expect(result.error!.issues[0]!.message).toBe('An e-mail address has at most 254 characters');
        },
      ),
      runs,
    );
  });
});

describe('createTaskSchema and changeWorkOrderStatusSchema', () => {
  it('accepts a description of 1 to 1000 characters after trimming for manager, vendor or resident only', () => {
    fc.assert(
      fc.property(
        anyText,
        fc.oneof(fc.constantFrom('manager', 'vendor', 'resident'), fc.string()),
        (text, type) => {
          const result = createTaskSchema.safeParse({ taskDescription: text, assignedToType: type });
          const isValid =
            text.trim().length >= 1 &&
            text.trim().length <= 1000 &&
            ['manager', 'vendor', 'resident'].includes(type);
          expect(result.success).toBe(isValid);
        },
      ),
      runs,
    );
  });

  it('accepts exactly the five statuses, and a work order never moves out of completed or cancelled', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...workOrderStatuses), fc.string()),
        fc.constantFrom(...workOrderStatuses),
        (status, from) => {
          const result = changeWorkOrderStatusSchema.safeParse({ status });
          expect(result.success).toBe((workOrderStatuses as readonly string[]).includes(status));
          if (result.success) {
            if (from === 'completed' || from === 'cancelled')
              expect(canChangeWorkOrderStatus(from, result.data.status)).toBe(false);
            expect(canChangeWorkOrderStatus(result.data.status, result.data.status)).toBe(false);
          }
        },
      ),
      runs,
    );
  });
});
