// The properties feature's public components: other features import these from here, and its
// queries from ./api.ts (eslint.config.js refuses any other file of it).
export { CommunitySetupCard } from './components/CommunitySetupCard.tsx';
export { PropertyHealthCard } from './components/PropertyHealthCard.tsx';
export { PropertySubpage } from './components/PropertySubpage.tsx';
// The choices of state law and time zone a community is created with (the developer's New Project too).
export { jurisdictionOptions, timeZoneOptions } from './property-form.ts';
