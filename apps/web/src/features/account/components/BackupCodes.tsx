import { Button, CopyButton, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { format } from 'date-fns';
import { useEffect, useRef } from 'react';

export const backupCodesFileName = 'commonwise-backup-codes.txt';

/** The text file a person keeps: who the codes are for, when they were made, and the codes. */
export function formatBackupCodesFile(email: string, codes: string[], createdAt: Date): string {
  return [
    `Commonwise backup codes for ${email}`,
    `Created ${format(createdAt, 'MMM d, yyyy HH:mm')}`,
    '',
    'Each code signs you in once when you cannot use your authenticator app.',
    'New backup codes replace these.',
    '',
    ...codes,
    '',
  ].join('\n');
}

function downloadText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Ten single-use backup codes, to copy or download. They are shown only this once. */
export function BackupCodes({ codes, email }: { codes: string[]; email: string }) {
  const listRef = useRef<HTMLDivElement>(null);
  // They appear in place of the form that had focus: start reading here.
  useEffect(() => listRef.current?.focus(), []);

  return (
    <>
      <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
        <SimpleGrid
          cols={2}
          spacing="xs"
          verticalSpacing={6}
          component="ul"
          ref={listRef}
          tabIndex={-1}
          aria-label="Backup codes"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {codes.map((code) => (
            <Text component="li" key={code} ff="monospace" fz="md" ta="center" fw={600}>
              {code}
            </Text>
          ))}
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <CopyButton value={codes.join('\n')} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            >
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          onClick={() => downloadText(backupCodesFileName, formatBackupCodesFile(email, codes, new Date()))}
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Download .txt
        </Button>
      </SimpleGrid>
    </>
  );
}
