import { describe, expect, it } from 'vitest';
import { getHeaderStatusColor, getSenderLabel } from './chat-labels.ts';

describe('getSenderLabel (SPEC §2)', () => {
  const message = (role: 'user' | 'assistant' | 'system', senderId: string | null) => ({ role, senderId });

  it('labels the assistant and system messages AI Assistant', () => {
    const viewer = { id: 'me', role: 'resident' as const };
    expect(getSenderLabel(message('assistant', null), viewer)).toBe('AI Assistant');
    expect(getSenderLabel(message('system', null), viewer)).toBe('AI Assistant');
  });

  it('labels a person by their role: Resident, Manager, Vendor, else User', () => {
    expect(getSenderLabel(message('user', 'me'), { id: 'me', role: 'resident' })).toBe('Resident');
    expect(getSenderLabel(message('user', 'me'), { id: 'me', role: 'manager' })).toBe('Manager');
    expect(getSenderLabel(message('user', 'me'), { id: 'me', role: 'vendor' })).toBe('Vendor');
    expect(getSenderLabel(message('user', 'me'), { id: 'me', role: 'admin' })).toBe('User');
    expect(getSenderLabel(message('user', 'me'), { id: 'me', role: 'board' })).toBe('User');
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
