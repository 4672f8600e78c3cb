import type { VendorCompany } from '@commonwise/contracts';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DetailLoadState } from '../../../components/DetailLoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { useSignedInUser } from '../../../lib/session.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { useUpdateVendor, vendorQueryOptions, vendorsPagePath } from '../api.ts';
import { tradesText } from '../labels.ts';
import { ComplianceSummary } from './ComplianceBadges.tsx';
import { DocumentsSection } from './DocumentsSection.tsx';
import { OverridesSection } from './OverridesSection.tsx';
import { PeopleSection } from './PeopleSection.tsx';
import { PerformanceSection } from './PerformanceSection.tsx';
import { Fact, Section } from './Section.tsx';
import { ServiceAreasSection } from './ServiceAreasSection.tsx';
import { NotesForm, VendorFormDialog } from './VendorFormDialog.tsx';

/**
 * /vendors/:id (issue 24 item 1): one vendor company — its standing, details and contacts, the
 * associations it works for, its people and its compliance documents; for managers and admins the
 * assignments made over an expired certificate and the staff's notes. Its keepers change it; other
 * managers take it on for their own associations; board members read it.
 */
export function VendorDetailPage({ companyId }: { companyId: string }) {
  const company = useQuery(vendorQueryOptions(companyId));
  const back = (
    <Anchor component={Link} to={vendorsPagePath} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Vendors
      </Group>
    </Anchor>
  );
  if (!company.isSuccess)
    return (
      <DetailLoadState
        query={company}
        what="vendor"
        back={back}
        loadingText="Loading vendor..."
        notFoundDescription="This vendor does not exist, or it does not work for an association you can see."
        notFoundActions={
          <Button component={Link} to={vendorsPagePath} variant="light">
            Back to Vendors
          </Button>
        }
      />
    );
  return <VendorDetail company={company.data} back={back} />;
}

function VendorDetail({ company, back }: { company: VendorCompany; back: ReactNode }) {
  const user = useSignedInUser();
  const isStaff = user.role === 'manager' || user.role === 'admin';
  const [isEditing, setIsEditing] = useState(false);
  const [isEditingNotes, setIsEditingNotes] = useState(false);
  const [isTogglingActive, setIsTogglingActive] = useState(false);
  const update = useUpdateVendor(company.id);

  const subtitle = [
    tradesText(company.trades),
    company.homeProperty ? `Home association: ${company.homeProperty.propertyName}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Stack gap="lg" maw={1100}>
      {back}
      <div>
        <PageHeader
          title={company.name}
          description={subtitle}
          actions={
            company.canManage ? (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => setIsEditing(true)}
              >
                Edit details
              </Button>
            ) : undefined
          }
        />
        <Group gap="xs" mt={-8}>
          {company.isActive ? (
            <ToneBadge color="green">Active</ToneBadge>
          ) : (
            <ToneBadge color="gray">Inactive: no new work</ToneBadge>
          )}
          {company.canManage ? null : (
            <Text size="xs" c="dimmed">
              {user.role === 'board'
                ? 'You can read this record; the association’s managers keep it.'
                : company.homeProperty
                  ? `${company.homeProperty.propertyName}’s managers keep this record.`
                  : 'Administrators keep this record.'}
            </Text>
          )}
        </Group>
      </div>

      <Card withBorder radius="lg" padding="lg" component="section" aria-label="Compliance today">
        <ComplianceSummary compliance={company.compliance} />
      </Card>

      <Section
        title="Details and contacts"
        action={
          company.canManage ? (
            <Button
              size="xs"
              variant="subtle"
              color={company.isActive ? 'red' : undefined}
              onClick={() => setIsTogglingActive(true)}
            >
              {company.isActive ? 'Mark inactive' : 'Reactivate'}
            </Button>
          ) : null
        }
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" component="dl" m={0}>
          <Fact label="Phone">{company.phone ?? '—'}</Fact>
          <Fact label="E-mail">
            {company.email ? (
              <Anchor href={`mailto:${company.email}`} size="sm">
                {company.email}
              </Anchor>
            ) : (
              '—'
            )}
          </Fact>
          <Fact label="Website">
            {company.website ? (
              <Anchor href={websiteHref(company.website)} target="_blank" rel="noopener noreferrer" size="sm">
                {company.website.replace(/^https?:\/\//, '')}
              </Anchor>
            ) : (
              '—'
            )}
          </Fact>
          <Fact label="Address">{company.address ?? '—'}</Fact>
        </SimpleGrid>
        {company.contacts.length > 0 ? (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              Contacts
            </Text>
            <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Contacts">
              {company.contacts.map((contact, index) => (
                <Text
                  component="li"
                  size="sm"
                  key={`${contact.name}-${index}`}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  <Text span fw={500} size="sm">
                    {contact.name}
                  </Text>
                  {[contact.role, contact.phone, contact.email]
                    .filter(Boolean)
                    .map((part) => ` · ${part}`)
                    .join('')}
                </Text>
              ))}
            </Stack>
          </Stack>
        ) : null}
      </Section>

      <PerformanceSection companyId={company.id} companyName={company.name} />
      <ServiceAreasSection company={company} />
      <PeopleSection company={company} />
      <DocumentsSection company={company} />
      {company.overrides ? <OverridesSection overrides={company.overrides} /> : null}
      {isStaff ? (
        <Section
          title="Notes"
          description="For managers and admins only: the vendor never sees them."
          action={
            company.canManage && !isEditingNotes ? (
              <Button size="xs" variant="subtle" onClick={() => setIsEditingNotes(true)}>
                {company.notes ? 'Edit notes' : 'Add notes'}
              </Button>
            ) : null
          }
        >
          {isEditingNotes ? (
            <NotesForm company={company} onDone={() => setIsEditingNotes(false)} />
          ) : (
            <Text size="sm" c={company.notes ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
              {company.notes ?? 'No notes.'}
            </Text>
          )}
        </Section>
      ) : null}

      <VendorFormDialog opened={isEditing} onClose={() => setIsEditing(false)} company={company} />
      <ConfirmDialog
        opened={isTogglingActive}
        title={company.isActive ? `Mark ${company.name} inactive?` : `Reactivate ${company.name}?`}
        confirmLabel={company.isActive ? 'Mark inactive' : 'Reactivate'}
        confirmColor={company.isActive ? 'red' : 'green.9'}
        isConfirming={update.isPending}
        onClose={() => setIsTogglingActive(false)}
        onConfirm={() =>
          update.mutate(
            { isActive: !company.isActive },
            {
              onSuccess: (saved) => {
                showSuccessToast(
                  saved.isActive ? `${saved.name} is active again` : `${saved.name} is inactive`,
                );
                setIsTogglingActive(false);
              },
              onError: (error) => showFailureToast('The change was not saved', error),
            },
          )
        }
      >
        {company.isActive
          ? 'An inactive company gets no new work orders: its people cannot be assigned until it is reactivated. Work already assigned stays, and its record stays in the directory.'
          : 'Its people can be assigned new work orders again.'}
      </ConfirmDialog>
    </Stack>
  );
}

/** A website as typed ("ortizplumbing.example") made a link that leaves the site. */
const websiteHref = (website: string) => (/^https?:\/\//i.test(website) ? website : `https://${website}`);
