import type { AttachmentTarget } from '@commonwise/contracts';
import { MessageComposer } from '../../../components/MessageComposer.tsx';
import { useAttachmentDraft } from '../hooks/use-attachment-draft.ts';
import { AttachButton, AttachmentTray } from './AttachmentTray.tsx';

interface AttachingComposerProps {
  target: AttachmentTarget;
  /** Sends the text and the ready files; true when sent (the box and the files are then cleared). */
  onSend: (content: string, attachmentIds: string[]) => Promise<boolean>;
  isSending: boolean;
  error?: string | null;
  placeholder?: string;
  isFocusedOnOpen?: boolean;
}

/** The message box with photos, videos and files (issue 26 item 2): a conversation's or a room's. */
export function AttachingComposer({ target, onSend, ...rest }: AttachingComposerProps) {
  const draft = useAttachmentDraft(target);
  return (
    <MessageComposer
      {...rest}
      onSend={async (content) => {
        const sent = await onSend(content, draft.ids);
        if (sent) draft.clear();
        return sent;
      }}
      attach={{
        button: <AttachButton draft={draft} disabled={rest.isSending} />,
        tray: <AttachmentTray draft={draft} />,
        hasReady: draft.hasReady,
        isUploading: draft.isUploading,
      }}
    />
  );
}
