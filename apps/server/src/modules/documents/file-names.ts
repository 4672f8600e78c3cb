import { fileExtensionOf } from '@commonwise/contracts';

const maxBaseLength = 100;
const maxExtensionLength = 10;

/**
 * SPEC §5's file-name sanitising: separators and whitespace become underscores, other non-word
 * characters are removed, repeated underscores collapse, and underscores at the edges go. The
 * extension is kept (lower case), so the stored name still says what the file is.
 */
export function sanitiseFileName(fileName: string): string {
  const fullExtension = fileExtensionOf(fileName);
  const base = fullExtension ? fileName.slice(0, -(fullExtension.length + 1)) : fileName;
  // Real extensions are short; a "extension" of thousands of characters must not make the name long.
  const extension = fullExtension.slice(0, maxExtensionLength);
  const cleaned = base
    .normalize('NFKD')
    .replace(/[\\/\s]+/g, '_')
    .replace(/[^\w]/g, '')
    .replace(/_+/g, '_')
    // Cut before trimming the edges, so a cut that lands on an underscore leaves none at the end
    // (and sanitising a sanitised name changes nothing).
    .slice(0, maxBaseLength)
    .replace(/^_+|_+$/g, '');
  return `${cleaned || 'document'}${extension ? `.${extension}` : ''}`;
}

/** Storage key `property/category/timestamp_name` (SPEC §7). */
export function documentStorageKey(propertyId: string, category: string, fileName: string, now = Date.now()) {
  return `${propertyId}/${category}/${now}_${sanitiseFileName(fileName)}`;
}
