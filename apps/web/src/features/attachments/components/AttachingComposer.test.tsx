import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attachment } from '@commonwise/contracts';
import { ApiRequestError } from '../../../lib/api.ts';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { AttachingComposer } from './AttachingComposer.tsx';

beforeAll(stubDocumentFonts);

const uploadAttachment = vi.fn();
let uploadImpl: (...args: unknown[]) => unknown = () => undefined;
vi.mock('../api.ts', () => ({
  uploadAttachment: (...args: unknown[]) => {
    uploadAttachment(...args);
    return uploadImpl(...args);
  },
  deleteAttachment: vi.fn(() => Promise.resolve()),
}));

const uploaded = (id: string, fileName: string): Attachment => ({
  id,
  kind: 'image',
  fileName,
  mimeType: 'image/jpeg',
  sizeBytes: 1000,
  width: 10,
  height: 10,
  url: `/api/attachments/${id}/file`,
  thumbnailUrl: null,
  linksExpireAt: '2026-11-25T12:00:00.000Z',
  uploadedBy: null,
  createdAt: '2026-11-25T11:00:00.000Z',
});

function renderComposer(onSend = vi.fn(() => Promise.resolve(true))) {
  render(
    <MantineProvider env="test">
      <AttachingComposer
        target={{ threadId: '00000000-0000-4000-8000-000000000001' }}
        onSend={onSend}
        isSending={false}
      />
    </MantineProvider>,
  );
  return onSend;
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('AttachingComposer (issue 26 item 2)', () => {
  beforeEach(() => uploadAttachment.mockReset());

  it('uploads a chosen photo at once and sends it, with no text needed; the tray then empties', async () => {
    const user = userEvent.setup();
    uploadImpl = () => Promise.resolve(uploaded('a1', 'leak.jpg'));
    const onSend = renderComposer();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await user.upload(fileInput(), new File(['x'], 'leak.jpg', { type: 'image/jpeg' }));
    expect(uploadAttachment).toHaveBeenCalledWith(
      { threadId: '00000000-0000-4000-8000-000000000001' },
      expect.any(File),
      expect.any(Function),
      expect.any(AbortSignal),
    );
    expect(screen.getByRole('list', { name: 'Files to send' })).toHaveTextContent('leak.jpg');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSend).toHaveBeenCalledWith('', ['a1']);
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument(),
    );
  });

  it('says why a file was refused, and sends nothing of it', async () => {
    const user = userEvent.setup();
    uploadImpl = async () => {
      await Promise.resolve();
      throw new ApiRequestError({
        status: 415,
        code: 'UNSUPPORTED_FILE_TYPE',
        message: '"x.jpg" is not a photo',
      });
    };
    const onSend = renderComposer();
    await user.upload(fileInput(), new File(['x'], 'x.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('"x.jpg" is not a photo');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello{Enter}');
    expect(onSend).toHaveBeenCalledWith('hello', []);
  });
});
