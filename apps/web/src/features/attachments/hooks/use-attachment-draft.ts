import { useCallback, useEffect, useRef, useState } from 'react';
import {
  attachmentKindOf,
  attachmentLimits,
  type Attachment,
  type AttachmentTarget,
} from '@commonwise/contracts';
import { getErrorMessage } from '../../../lib/api.ts';
import { deleteAttachment, uploadAttachment } from '../api.ts';

export type DraftFile = {
  key: string;
  name: string;
  /** A preview of a chosen photo, before the server has it. */
  previewUrl: string | null;
  progress: number;
  status: 'uploading' | 'ready' | 'failed';
  attachment?: Attachment;
  error?: string;
};

let nextKey = 0;

/**
 * The files chosen for the next message (or task change): each uploads as soon as it is chosen, with
 * its progress, and can be removed again; `ids` are those ready to send with it. `max` is how many may
 * go together (a message's limit unless said: a violation takes up to ten photos).
 */
export function useAttachmentDraft(
  target: AttachmentTarget,
  { max = attachmentLimits.perMessage }: { max?: number } = {},
) {
  const [files, setFiles] = useState<DraftFile[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const targetKey = JSON.stringify(target);
  const update = (key: string, change: Partial<DraftFile>) =>
    setFiles((current) => current.map((file) => (file.key === key ? { ...file, ...change } : file)));

  // The files as last rendered, for the handlers (uploads start outside React's state updates).
  const latest = useRef<DraftFile[]>([]);
  useEffect(() => {
    latest.current = files;
  }, [files]);

  const add = useCallback(
    (chosen: File[]) => {
      const room = Math.max(0, max - latest.current.length);
      const taken = chosen.slice(0, room);
      const refused = chosen.slice(taken.length).map((file): DraftFile => ({
        key: `draft-${nextKey++}`,
        name: file.name,
        previewUrl: null,
        progress: 0,
        status: 'failed',
        error: `At most ${max} files at a time`,
      }));
      const added = taken.map((file): DraftFile => {
        const key = `draft-${nextKey++}`;
        const isImage = attachmentKindOf(file.name) === 'image' || file.type.startsWith('image/');
        return {
          key,
          name: file.name,
          previewUrl: isImage && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null,
          progress: 0,
          status: 'uploading',
        };
      });
      latest.current = [...latest.current, ...added, ...refused];
      setFiles((current) => [...current, ...added, ...refused]);
      taken.forEach((file, index) => {
        const { key } = added[index]!;
        const controller = new AbortController();
        controllers.current.set(key, controller);
        uploadAttachment(
          JSON.parse(targetKey) as AttachmentTarget,
          file,
          (progress) => update(key, { progress }),
          controller.signal,
        )
          .then((attachment) => update(key, { status: 'ready', progress: 1, attachment }))
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            update(key, { status: 'failed', error: getErrorMessage(error) });
          })
          .finally(() => controllers.current.delete(key));
      });
    },
    [targetKey, max],
  );

  const remove = useCallback((key: string) => {
    const file = latest.current.find((entry) => entry.key === key);
    controllers.current.get(key)?.abort();
    if (file?.attachment) void deleteAttachment(file.attachment.id).catch(() => {});
    if (file?.previewUrl) URL.revokeObjectURL(file.previewUrl);
    setFiles((current) => current.filter((entry) => entry.key !== key));
  }, []);

  /** After sending: the files went with the message. */
  const clear = useCallback(() => {
    for (const file of latest.current) if (file.previewUrl) URL.revokeObjectURL(file.previewUrl);
    setFiles([]);
  }, []);

  // A different conversation, room or task starts with nothing chosen.
  useEffect(() => clear, [targetKey, clear]);

  const ready = files.filter((file) => file.status === 'ready');
  return {
    files,
    add,
    remove,
    clear,
    ids: ready.map((file) => file.attachment!.id),
    hasReady: ready.length > 0,
    isUploading: files.some((file) => file.status === 'uploading'),
  };
}

export type AttachmentDraft = ReturnType<typeof useAttachmentDraft>;
