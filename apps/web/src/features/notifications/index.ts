// The notifications feature's public components: other features import these from here, and its
// queries from ./api.ts. The bell is mounted by the router (app/), which may import it directly.
export { NotificationSettingsCard } from './components/NotificationSettingsCard.tsx';
