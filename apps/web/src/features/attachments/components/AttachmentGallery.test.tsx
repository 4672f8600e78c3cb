import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Attachment } from '@commonwise/contracts';
import { AttachmentGallery } from './AttachmentGallery.tsx';

const base = {
  mimeType: 'image/jpeg',
  sizeBytes: 120_000,
  width: 2048,
  height: 1536,
  linksExpireAt: '2026-11-25T12:00:00.000Z',
  uploadedBy: { id: 'u1', fullName: 'Priya Patel' },
  createdAt: '2026-11-25T11:00:00.000Z',
};
const photo = (id: string, fileName: string): Attachment => ({
  ...base,
  id,
  kind: 'image',
  fileName,
  url: `/api/attachments/${id}/file?variant=full`,
  thumbnailUrl: `/api/attachments/${id}/file?variant=thumbnail`,
});
const file: Attachment = {
  ...base,
  id: 'f1',
  kind: 'file',
  fileName: 'Plumber quote.pdf',
  mimeType: 'application/pdf',
  sizeBytes: 2_400_000,
  width: null,
  height: null,
  url: '/api/attachments/f1/file?variant=full',
  thumbnailUrl: null,
};

describe('AttachmentGallery', () => {
  it('shows photos as thumbnails that open a viewer stepping with the arrow keys, and files as links', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider env="test">
        <AttachmentGallery attachments={[photo('p1', 'leak.jpg'), photo('p2', 'after.jpg'), file]} />
      </MantineProvider>,
    );
    expect(screen.getByRole('link', { name: 'Plumber quote.pdf' })).toHaveAttribute('href', file.url);
    expect(screen.getByText('2.3 MB')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'leak.jpg' })).toHaveAttribute(
      'src',
      photo('p1', 'leak.jpg').thumbnailUrl,
    );

    await user.click(screen.getByRole('button', { name: 'Open photo leak.jpg' }));
    const viewer = await screen.findByRole('dialog', { name: 'leak.jpg' });
    expect(within(viewer).getByText('1 of 2 · from Priya Patel')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'after.jpg' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
