import { describe, expect, it } from 'vitest';
import { chooseChatLayout } from './chat-layout.ts';

describe('chooseChatLayout', () => {
  it('puts all three areas side by side when they fit', () => {
    expect(chooseChatLayout(1400, { hasWorkOrder: true, chosenPanelOpen: null })).toEqual({
      threads: 'column',
      panel: 'column',
      isPanelOpen: true,
    });
  });

  it('gives the open work order panel the room and moves the thread list into a drawer', () => {
    // 1280px with the navigation open leaves the page about 1000px.
    expect(chooseChatLayout(1000, { hasWorkOrder: true, chosenPanelOpen: null })).toEqual({
      threads: 'drawer',
      panel: 'column',
      isPanelOpen: true,
    });
    // Closing the panel brings the list back.
    expect(chooseChatLayout(1000, { hasWorkOrder: true, chosenPanelOpen: false })).toEqual({
      threads: 'column',
      panel: 'column',
      isPanelOpen: false,
    });
  });

  it('keeps the thread list beside the chat when there is no work order', () => {
    expect(chooseChatLayout(1000, { hasWorkOrder: false, chosenPanelOpen: null })).toMatchObject({
      threads: 'column',
      isPanelOpen: false,
    });
  });

  it('uses drawers on a phone, the panel closed until asked for', () => {
    expect(chooseChatLayout(343, { hasWorkOrder: true, chosenPanelOpen: null })).toEqual({
      threads: 'drawer',
      panel: 'drawer',
      isPanelOpen: false,
    });
    expect(chooseChatLayout(343, { hasWorkOrder: true, chosenPanelOpen: true }).isPanelOpen).toBe(true);
  });

  it('treats an unmeasured width (0) as wide', () => {
    expect(chooseChatLayout(0, { hasWorkOrder: true, chosenPanelOpen: null }).threads).toBe('column');
  });
});
