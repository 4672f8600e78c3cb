import { processingPoll, type PropertyDocument } from '@commonwise/contracts';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { fetchDocument, requiredDocumentsQueryOptions, updateCachedDocument } from '../api.ts';

/** What the panel shows instead of the server's status after polling ended without an answer. */
export type LocalStatus = 'failed' | 'unknown';

/**
 * Follows documents being processed as SPEC §4 says: the first check 2 s after the start, then every
 * 10 s, at most 30 checks. Completed or failed ends it with a toast; still processing after the last
 * check (or any other status) is 'Document processing timed out' and shows as failed; a check that
 * fails shows the status as unknown.
 */
export function useProcessingWatch(propertyId: string, documents: readonly PropertyDocument[] | undefined) {
  const queryClient = useQueryClient();
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  // Documents whose polling timed out: not followed again until someone starts processing them anew.
  const finished = useRef(new Set<string>());
  const [localStatus, setLocalStatus] = useState<Record<string, LocalStatus>>({});

  const setLocal = useCallback((id: string, status: LocalStatus | null) => {
    setLocalStatus((current) => {
      const next = { ...current };
      if (status) next[id] = status;
      else delete next[id];
      return next;
    });
  }, []);

  const watch = useCallback(
    (id: string) => {
      if (timers.current.has(id)) return;
      finished.current.delete(id);
      setLocal(id, null);
      let checks = 0;
      const stop = () => {
        timers.current.delete(id);
        finished.current.add(id);
      };
      const check = async () => {
        checks++;
        let document: PropertyDocument;
        try {
          document = await fetchDocument(id);
        } catch (error) {
          console.error('Could not read the processing status of document', id, error);
          setLocal(id, 'unknown');
          stop();
          return;
        }
        updateCachedDocument(queryClient, document);
        if (document.status === 'completed') {
          stop();
          showSuccessToast('Document processed successfully');
          void queryClient.invalidateQueries({
            queryKey: requiredDocumentsQueryOptions(propertyId).queryKey,
          });
        } else if (document.status === 'failed') {
          stop();
          notifications.show({
            color: 'red',
            title: 'Document processing failed',
            message: document.statusReason ?? document.name,
            autoClose: 8000,
          });
        } else if (document.status === 'processing' && checks < processingPoll.maxChecks) {
          timers.current.set(
            id,
            setTimeout(() => void check(), processingPoll.intervalMs),
          );
        } else {
          stop();
          setLocal(id, 'failed');
          notifications.show({ color: 'red', message: 'Document processing timed out', autoClose: 8000 });
        }
      };
      timers.current.set(
        id,
        setTimeout(() => void check(), processingPoll.firstCheckMs),
      );
    },
    [propertyId, queryClient, setLocal],
  );

  // Documents already processing when the panel opens (or after a refresh) are followed too.
  useEffect(() => {
    for (const document of documents ?? []) {
      if (document.status === 'processing' && !finished.current.has(document.id)) watch(document.id);
    }
  }, [documents, watch]);

  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
      all.clear();
    };
  }, []);

  return { watch, localStatus };
}
