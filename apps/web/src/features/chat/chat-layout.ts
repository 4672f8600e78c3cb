const rem = 16;
const threadColumn = 20 * rem;
const panelColumn = 24 * rem;
const gap = rem;
/** The chat itself never gets narrower than this beside a column. */
const minChat = 25 * rem;

export type ChatLayout = {
  /** The thread list beside the chat, or in a drawer. */
  threads: 'column' | 'drawer';
  /** The work order panel beside the chat, or in a drawer. */
  panel: 'column' | 'drawer';
  isPanelOpen: boolean;
};

/**
 * Where the three areas go in `width` pixels (the page's own width, whatever the navigation takes).
 * The work order panel, when open, has priority over the thread list: with room for only one
 * column beside the chat, the list moves into a drawer. The panel exists only when the conversation
 * led to a work order; `chosenPanelOpen` is the person's choice;
 * null means the default — open when it fits beside the chat. A width of 0 (not measured) is wide.
 */
export function chooseChatLayout(
  width: number,
  options: { hasWorkOrder: boolean; chosenPanelOpen: boolean | null },
): ChatLayout {
  const available = width > 0 ? width : Number.POSITIVE_INFINITY;
  const fitsOne = (column: number) => available >= column + gap + minChat;
  const fitsBoth = available >= threadColumn + panelColumn + 2 * gap + minChat;
  const panel = fitsOne(panelColumn) ? 'column' : 'drawer';
  const isPanelOpen = options.hasWorkOrder && (options.chosenPanelOpen ?? panel === 'column');
  const hasPanelColumn = panel === 'column' && isPanelOpen;
  const threads = fitsBoth || (!hasPanelColumn && fitsOne(threadColumn)) ? 'column' : 'drawer';
  return { threads, panel, isPanelOpen };
}
