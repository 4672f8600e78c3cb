// The documents feature's public components: other features import these from here, and its
// queries from ./api.ts (eslint.config.js refuses any other file of it).
export { ResidentDocumentsCard } from './components/ResidentDocumentsCard.tsx';
