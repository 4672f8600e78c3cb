import { describe, expect, it } from 'vitest';
import { getHeaderStatusColor, getSenderLabel } from './chat-labels.ts';

describe('getSenderLabel (SPEC §2, issue 26)', () => {
  const message = (role: 'user' | 'assistant' | 'system', senderId: string | null) => ({ role, senderId });

  it('labels the assistant AI Assistant and system messages as system notices', () => {
    const viewer = { id: 'me', role: 'resident' as const };
    expect(getSenderLabel(message('assistant', null), viewer)).toBe('AI Assistant');
    expect(getSenderLabel(message('system', null), viewer)).toBe('System notice');
  });

  it("says 'You' for the viewer's own messages, whatever their role, and 'User' for anyone else", () => {
    for (const role of ['resident', 'manager', 'vendor', 'admin', 'board'] as const)
      expect(getSenderLabel(message('user', 'me'), { id: 'me', role })).toBe('You');
    expect(getSenderLabel(message('user', 'someone-else'), { id: 'me', role: 'resident' })).toBe('User');
  });
});

describe('colours', () => {
  it('gives the chat header completed and in_progress their colours, anything else blue (SPEC §4)', () => {
    expect(getHeaderStatusColor('completed')).toBe('green');
    expect(getHeaderStatusColor('in_progress')).toBe('yellow');
    expect(getHeaderStatusColor('active')).toBe('blue');
    expect(getHeaderStatusColor('pending_human')).toBe('blue');
  });
});
