import type { Residence } from '@commonwise/contracts';
import { Anchor, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconFileText, IconFolder } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { residencesQueryOptions } from '../api.ts';
import { groupDocuments } from '../document-groups.ts';

/**
 * Live (issue 9): the processed documents of the resident's property, by category, each opening its
 * file in a new tab through a signed link; of one association when `propertyId` is given (the home
 * chosen in the resident portal).
 */
export function ResidentDocumentsCard({ propertyId }: { propertyId?: string | undefined } = {}) {
  const query = useQuery(residencesQueryOptions);
  let body: ReactNode;
  if (query.isPending)
    body = (
      <Group gap="sm" py="md" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading documents...</Text>
      </Group>
    );
  else if (query.isError)
    body = (
      <ErrorState
        title="Failed to load documents"
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        headingOrder={3}
      />
    );
  else if (query.data.length === 0)
    body = (
      <Text c="dimmed">
        Your account is not linked to a property yet. Your association&apos;s documents appear here once an
        administrator adds you to your property.
      </Text>
    );
  else {
    // Documents belong to the association: two homes in one association show its documents once.
    // The portal's chosen home narrows them to its association.
    const associations = [...new Map(query.data.map((home) => [home.propertyId, home])).values()].filter(
      (home) => !propertyId || home.propertyId === propertyId,
    );
    const showPropertyNames = associations.length > 1;
    body = (
      <Stack gap="lg">
        {associations.map((residence) => (
          <ResidenceDocuments
            key={residence.propertyId}
            residence={residence}
            showPropertyName={showPropertyNames}
          />
        ))}
      </Stack>
    );
  }
  return (
    <PortalSectionCard title="Documents" icon={<IconFolder size={20} aria-hidden />} color="blue">
      {body}
    </PortalSectionCard>
  );
}

function ResidenceDocuments({
  residence,
  showPropertyName,
}: {
  residence: Residence;
  showPropertyName: boolean;
}) {
  const groups = groupDocuments(residence.documents);
  return (
    <Stack gap="sm">
      {showPropertyName ? (
        <Title order={3} size="h5">
          {residence.propertyName}
        </Title>
      ) : null}
      {groups.length === 0 ? (
        <Text c="dimmed">
          No documents yet. Your association&apos;s CC&amp;Rs, Bylaws, Community Rules and Architectural
          Guidelines appear here once they are filed.
        </Text>
      ) : (
        groups.map((group) => (
          <Stack key={group.category} gap={4}>
            <Text
              component={showPropertyName ? 'h4' : 'h3'}
              fw={600}
              size="sm"
              tt="uppercase"
              c="dimmed"
              m={0}
            >
              {group.name}
            </Text>
            <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
              {group.documents.map((document) => (
                <Group component="li" key={document.id} gap="xs" wrap="nowrap" align="flex-start">
                  <IconFileText
                    size={18}
                    aria-hidden
                    style={{ flexShrink: 0, marginTop: 2, color: 'var(--mantine-color-blue-6)' }}
                  />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor
                      href={document.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      fw={500}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {document.name}
                      <IconExternalLink
                        size={14}
                        aria-hidden
                        style={{ marginLeft: 4, verticalAlign: -2 }}
                      />{' '}
                      <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      Added {format(new Date(document.uploadedAt), 'MMM d, yyyy')}
                    </Text>
                  </Stack>
                </Group>
              ))}
            </Stack>
          </Stack>
        ))
      )}
    </Stack>
  );
}
