// The work-rooms feature's public components: other features import these from here, and its
// queries from ./api.ts (eslint.config.js refuses any other file of it).
export { RecentCommunicationsCard } from './components/RecentCommunicationsCard.tsx';
export { RoomConversation } from './components/RoomConversation.tsx';
