import { fileExtensionOf } from '@commonwise/contracts';

/**
 * SPEC §5's file-name sanitising: separators and whitespace become underscores, other non-word
 * characters are removed, repeated underscores collapse, and underscores at the edges go. The
 * extension is kept (lower case), so the stored name still says what the file is.
 */
export function sanitiseFileName(fileName: string): string {
  const extension = fileExtensionOf(fileName);
  const base = extension ? fileName.slice(0, -(extension.length + 1)) : fileName;
  const cleaned = base
    .normalize('NFKD')
    .replace(/[\\/\s]+/g, '_')
    .replace(/[^\w]/g, '')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100);
  return `${cleaned || 'document'}${extension ? `.${extension}` : ''}`;
}

/** Storage key `property/category/timestamp_name` (SPEC §7). */
export function documentStorageKey(propertyId: string, category: string, fileName: string, now = Date.now()) {
  return `${propertyId}/${category}/${now}_${sanitiseFileName(fileName)}`;
}
