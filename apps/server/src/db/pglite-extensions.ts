import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The extensions every embedded database loads. The migrations create them in the database (0021:
 * `pg_trgm`, for the trigram index that searches work orders); a PGlite opened without them could
 * not write to a table whose index needs one. PostgreSQL ships them in its contrib package.
 */
export const pgliteExtensions = { pg_trgm };
