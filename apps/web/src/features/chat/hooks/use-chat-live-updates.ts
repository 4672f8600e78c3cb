/**
 * Keeps the open conversation and the thread list current. Until the realtime connection is
 * available the chat view polls for the assistant's answer (see messagesQueryOptions).
 */
export function useChatLiveUpdates(_userId: string, _threadId: string | null): { pollForReplies: boolean } {
  return { pollForReplies: true };
}
