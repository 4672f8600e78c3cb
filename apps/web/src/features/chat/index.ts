// The chat feature's entry for other features that are part of the signed-in shell's first download:
// the dashboard's Community Updates needs the unread counts' query, not the rest of ./api.ts (the
// conversations' queries and mutations), which only the chat pages load. Everything exported here is
// downloaded with the dashboard: add nothing heavy (docs/decisions/0063-shell-bundle.md). Other features
// import the chat's queries from ./api.ts.
export { unreadQueryOptions } from './unread.ts';
