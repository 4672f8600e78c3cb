import type { ChatMessage, MessagePage } from '@commonwise/contracts';

/**
 * A conversation read backwards a page at a time (an assistant thread, a work room): the part loaded
 * so far, oldest first, and whether older messages remain on the server.
 */
export type LoadedMessages = { messages: ChatMessage[]; hasEarlier: boolean };

/** Oldest first, in the server's order (time, then id), each once. */
function ordered(messages: Iterable<ChatMessage>): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const message of messages) byId.set(message.id, message);
  return [...byId.values()].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * The newest page, asked again (a poll, a reload after a missed event): added to what is loaded, so the
 * earlier pages a person has read stay and the list keeps its place. Only when the page does not
 * reach back to what is loaded (more new messages than a page meanwhile) does it start over from it.
 */
export function mergeNewestPage(current: LoadedMessages | undefined, page: MessagePage): LoadedMessages {
  const oldest = page.messages[0];
  const reaches =
    current !== undefined &&
    (!page.hasMore || (oldest !== undefined && current.messages.some((message) => message.id === oldest.id)));
  if (!current || !reaches) return { messages: page.messages, hasEarlier: page.hasMore };
  // The page's copies win (a message now marked processed); messages are never taken back.
  return {
    messages: ordered([...current.messages, ...page.messages]),
    hasEarlier: page.hasMore ? current.hasEarlier : false,
  };
}

/** The page before the first loaded message, put in front. */
export function prependEarlierPage(current: LoadedMessages | undefined, page: MessagePage) {
  if (!current) return current;
  return { messages: ordered([...page.messages, ...current.messages]), hasEarlier: page.hasMore };
}

/** New messages (sent, or arrived live), each once, in order. */
export function addMessages(current: LoadedMessages | undefined, incoming: readonly ChatMessage[]) {
  if (!current) return current;
  const known = new Set(current.messages.map((message) => message.id));
  if (incoming.every((message) => known.has(message.id) && !isNewerCopy(current, message))) return current;
  return { ...current, messages: ordered([...current.messages, ...incoming]) };
}

/** The incoming copy differs from the loaded one (e.g. now marked processed). */
function isNewerCopy(current: LoadedMessages, message: ChatMessage): boolean {
  const loaded = current.messages.find((candidate) => candidate.id === message.id);
  return loaded !== undefined && loaded.processed !== message.processed;
}
