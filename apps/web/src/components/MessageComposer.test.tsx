import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, TestProviders } from '../test/render.tsx';
import { stubDocumentFonts } from '../test/document-fonts.ts';
import { MessageComposer } from './MessageComposer.tsx';

beforeAll(stubDocumentFonts);

function renderComposer(onSend: (content: string) => Promise<boolean>, isSending = false) {
  return render(
    <TestProviders queryClient={createTestQueryClient()}>
      <MessageComposer onSend={onSend} isSending={isSending} />
    </TestProviders>,
  );
}

describe('MessageComposer', () => {
  it('sends the trimmed text on Enter and clears the box', async () => {
    const onSend = vi.fn(() => Promise.resolve(true));
    renderComposer(onSend);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, '  My faucet drips  {Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('My faucet drips');
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('inserts a new line on Shift+Enter and does not send', async () => {
    const onSend = vi.fn(() => Promise.resolve(true));
    renderComposer(onSend);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('First line\nsecond line');
    await userEvent.type(box, '{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('First line\nsecond line');
  });

  it('never sends whitespace: Enter does nothing and the button stays disabled', async () => {
    const onSend = vi.fn(() => Promise.resolve(true));
    renderComposer(onSend);
    const box = screen.getByRole('textbox', { name: 'Message' });
    const button = screen.getByRole('button', { name: 'Send message' });
    expect(button).toBeDisabled();
    await userEvent.type(box, '   {Shift>}{Enter}{/Shift}  {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(button).toBeDisabled();
  });

  it('sends with the button too', async () => {
    const onSend = vi.fn(() => Promise.resolve(true));
    renderComposer(onSend);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hello');
  });

  it('disables the box and the button while sending', () => {
    renderComposer(() => Promise.resolve(true), true);
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
  });

  it('keeps the text when the send fails', async () => {
    function Harness() {
      const [error, setError] = useState<string | null>(null);
      return (
        <MessageComposer
          isSending={false}
          error={error}
          onSend={() => {
            setError('Your message was not sent: Cannot reach the server.');
            return Promise.resolve(false);
          }}
        />
      );
    }
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <Harness />
      </TestProviders>,
    );
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Is the pool open?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your message was not sent');
    expect(box).toHaveValue('Is the pool open?');
  });
});
