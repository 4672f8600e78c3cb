import { maxPageSize, type PageQuery } from '@commonwise/contracts';

/** The rows a page skips. */
export const offsetOf = (query: PageQuery) => (query.page - 1) * query.limit;

/** An ILIKE pattern that finds `text` anywhere, with LIKE's own characters taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** An ILIKE pattern that finds `text` at the start. */
export const startingWith = (text: string) => `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The first page at the largest size a caller may ask for. */
export const firstPage: PageQuery = { page: 1, limit: maxPageSize };
