// The architectural review feature's public components: other features and route files import these
// from here, and its queries and page paths from ./api.ts.
export { MyArcRequestsCard, myArcRequestsAnchor } from './components/MyArcRequestsCard.tsx';
export { ArcReviewCard } from './components/ArcReviewCard.tsx';
