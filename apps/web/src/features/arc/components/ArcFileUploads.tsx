import { arcCompletionRequirement, type ArcFileRequirement, type ArcRequest } from '@commonwise/contracts';
import { Badge, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCheck, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { getErrorMessage } from '../../../lib/api.ts';
import { myArcFileUrl, useUploadArcFile } from '../api.ts';
import { arcFileAccept, arcFileRulesText, refusalOf } from '../labels.ts';
import { ArcFileLine } from './ArcRequestParts.tsx';

/**
 * The files a request needs, one requirement at a time (issue 22 item 1): its label and help, what is
 * in already, and a button to add a file — the accepted types and size limit said beside it, the
 * upload's progress shown, and the server's own words when it refuses one (a wrong type, too large).
 */
export function ArcFileUploads({ request, canUpload }: { request: ArcRequest; canUpload: boolean }) {
  // The photos of finished work have their own section (the completion report).
  const extras = request.files.filter(
    (file) =>
      file.requirement === null ||
      (file.requirement !== arcCompletionRequirement &&
        !request.fileRequirements.some((one) => one.key === file.requirement)),
  );
  if (request.fileRequirements.length === 0 && extras.length === 0)
    return (
      <Text size="sm" c="dimmed">
        This project type needs no files.
      </Text>
    );
  return (
    <Stack gap="md">
      {canUpload ? (
        <Text size="xs" c="dimmed">
          Each file may be {arcFileRulesText}.
          {request.completeAt ? ' A file added now makes a new revision of your request.' : ''}
        </Text>
      ) : null}
      <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
        {request.fileRequirements.map((requirement) => (
          <FileRequirementRow
            key={requirement.key}
            request={request}
            requirement={requirement}
            canUpload={canUpload}
          />
        ))}
      </Stack>
      {extras.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Other files
          </Text>
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {extras.map((file) => (
              <ArcFileLine key={file.id} file={file} url={myArcFileUrl(request.id, file.id)} />
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * One requirement: its files, and a button to add one (its progress, and the server's own words when
 * it refuses one). `accept` and `refuse` narrow what may be chosen (the photos of finished work).
 */
export function FileRequirementRow({
  request,
  requirement,
  canUpload,
  accept = arcFileAccept,
  refuse = refusalOf,
}: {
  request: ArcRequest;
  requirement: ArcFileRequirement;
  canUpload: boolean;
  accept?: string;
  refuse?: (file: File) => string | null;
}) {
  const upload = useUploadArcFile(request.id);
  const [progress, setProgress] = useState<{ fileName: string; fraction: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The picker forgets its file after each try, so the same file can be chosen again.
  const resetRef = useRef<() => void>(null);
  const files = request.files.filter((file) => file.requirement === requirement.key);
  const isMissing = request.missing.some((item) => item.kind === 'file' && item.key === requirement.key);
  const headingId = `arc-requirement-${requirement.key}`;

  const send = (file: File | null) => {
    if (!file) return;
    const refusal = refuse(file);
    resetRef.current?.();
    if (refusal) {
      setError(refusal);
      return;
    }
    setError(null);
    setProgress({ fileName: file.name, fraction: 0 });
    upload.mutate(
      {
        requirement: requirement.key,
        file,
        onProgress: (fraction) => setProgress({ fileName: file.name, fraction }),
      },
      {
        onError: (failure) => setError(getErrorMessage(failure)),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Stack
      component="li"
      gap={6}
      p="sm"
      aria-labelledby={headingId}
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 12, minWidth: 0 }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Text fw={600} id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {requirement.label}
          </Text>
          {requirement.help ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {requirement.help}
            </Text>
          ) : null}
        </Stack>
        {isMissing ? (
          <Badge variant="light" color="orange">
            Still needed
          </Badge>
        ) : files.length > 0 ? (
          <Badge variant="light" color="green" leftSection={<IconCheck size={12} aria-hidden />}>
            Added
          </Badge>
        ) : null}
      </Group>
      {files.length > 0 ? (
        <Stack
          component="ul"
          gap={6}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={`${requirement.label}: files`}
        >
          {files.map((file) => (
            <ArcFileLine key={file.id} file={file} url={myArcFileUrl(request.id, file.id)} />
          ))}
        </Stack>
      ) : null}
      {progress ? (
        <Stack gap={2}>
          <Text size="xs">
            Uploading {progress.fileName}… {Math.round(progress.fraction * 100)}%
          </Text>
          <Progress
            value={progress.fraction * 100}
            size="sm"
            aria-label={`Uploading ${progress.fileName}`}
            animated
          />
        </Stack>
      ) : null}
      {error ? (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
      {canUpload ? (
        <Group>
          <FileButton onChange={send} accept={accept} disabled={upload.isPending} resetRef={resetRef}>
            {(props) => (
              <Button
                {...props}
                size="sm"
                variant={isMissing ? 'filled' : 'light'}
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={upload.isPending}
                aria-label={`${files.length > 0 ? 'Add another file' : 'Add a file'} for ${requirement.label}`}
              >
                {files.length > 0 ? 'Add another file' : 'Add a file'}
              </Button>
            )}
          </FileButton>
        </Group>
      ) : null}
    </Stack>
  );
}
