import { z } from 'zod';

/**
 * Paging, the same for every list endpoint (issue 17): `page` from 1 and `limit` up to `maxPageSize`,
 * so no list is ever unbounded; a paged response says its `total` and echoes `page` and `limit`.
 */
export const maxPageSize = 100;

export function pageQueryFields(defaultLimit = 50) {
  return {
    page: z.coerce
      .number('Page must be a number')
      .int('Page must be a whole number')
      .min(1, 'Page must be 1 or more')
      .default(1),
    limit: z.coerce
      .number('Limit must be a number')
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(maxPageSize, `Limit must be at most ${maxPageSize}`)
      .default(defaultLimit),
  };
}

/** A server-side search box's text. */
export const searchField = z.string().trim().max(100, 'Search must be at most 100 characters').optional();

export const pageFields = {
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
};

/** What a paged query asks for, after parsing. */
export type PageQuery = { page: number; limit: number };
