// What other modules use of documents: the AI assistant searches a property's documents to cite them.
export { searchDocuments, getDocument, listDocuments } from './documents.service.ts';
export type { DocumentPassage, PropertyDocument } from '@commonwise/contracts';
