// The decisions feature's public components: other features import these from here, and its
// queries and mutations from ./api.ts (eslint.config.js refuses any other file of it).
export { NewDecisionDialog } from './components/NewDecisionDialog.tsx';
export { PublishedDecisionsCard } from './components/PublishedDecisionsCard.tsx';
export { UpcomingDecisionsCard } from './components/UpcomingDecisionsCard.tsx';
export { CommitteeWorkCard } from './components/CommitteeWorkCard.tsx';
