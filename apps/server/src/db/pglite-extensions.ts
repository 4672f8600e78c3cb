import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The extensions every embedded database loads. The migrations create them in the database (0021:
 * `pg_trgm`, for the trigram index that searches work orders; 0049: `btree_gist`, for the exclusion
 * constraint that refuses overlapping bookings, decision 0064 §1); a PGlite opened without them could
 * not write to a table whose index needs one. PostgreSQL ships them in its contrib package.
 */
export const pgliteExtensions = { pg_trgm, btree_gist };
