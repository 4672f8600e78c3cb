import type { VendorDocument, VendorOwnCompany } from '@commonwise/contracts';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBuildingStore, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { ownCompanyQueryOptions, useSubmitOwnDocument, vendorsPagePath } from '../api.ts';
import { emptyDocumentForm, renewalFormOf } from '../document-form.ts';
import { sortDocuments, tradesText } from '../labels.ts';
import { ComplianceSummary } from './ComplianceBadges.tsx';
import { DocumentCard } from './DocumentCard.tsx';
import { DocumentDialog } from './DocumentDialog.tsx';
import { DocumentGroup } from './DocumentsSection.tsx';

type OwnCompany = NonNullable<VendorOwnCompany['company']>;

/**
 * The vendor portal's "Your company" card (issue 24 item 1): the company as the directory has it — its
 * trades, the standing of its certificate of insurance, licence and W-9, the warning when one expires —
 * and its documents, with a renewal sent from here for a manager to verify.
 */
export function VendorCompanyCard() {
  const user = useSignedInUser();
  const own = useQuery(ownCompanyQueryOptions);

  let content;
  if (own.isPending)
    content = (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed" size="sm">
          Loading your company...
        </Text>
      </Group>
    );
  else if (own.isError)
    content = (
      <ErrorState
        title="Failed to load your company"
        description={getErrorMessage(own.error)}
        onRetry={() => void own.refetch()}
        isRetrying={own.isFetching}
        headingOrder={3}
      />
    );
  else if (!own.data.company)
    content =
      user.role === 'admin' ? (
        <Text size="sm">
          As an administrator you belong to no vendor company. Each company’s documents are on its page in{' '}
          <Anchor component={Link} to={vendorsPagePath}>
            Vendors
          </Anchor>
          .
        </Text>
      ) : (
        <Text size="sm">
          You are not listed with a vendor company yet. The manager you work with will add you to your
          company; its certificate of insurance, licence and W-9 will show here then.
        </Text>
      );
  else content = <CompanyDetails company={own.data.company} />;

  return (
    <PortalSectionCard title="Your company" icon={<IconBuildingStore size={20} aria-hidden />} color="orange">
      {content}
    </PortalSectionCard>
  );
}

function CompanyDetails({ company }: { company: OwnCompany }) {
  const [isUploading, setIsUploading] = useState(false);
  // The standing above says what matters; the documents themselves open on request (a phone on site).
  const [showsDocuments, setShowsDocuments] = useState(false);
  const submit = useSubmitOwnDocument();
  const { current, waiting, history } = sortDocuments(company.documents);
  const insurance = current.find((document) => document.kind === 'insurance');
  const isBlocked = company.compliance.insurance.status === 'expired';

  const card = (document: VendorDocument) => (
    <DocumentCard key={document.id} document={document} compliance={company.compliance} source="own" />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {company.name}
          </Title>
          <Text size="sm" c="dimmed">
            {tradesText(company.trades)}
            {company.serviceAreas.length > 0
              ? ` · works for ${company.serviceAreas.map((area) => area.propertyName).join(', ')}`
              : ''}
          </Text>
        </Stack>
        <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setIsUploading(true)}>
          Upload renewed certificate
        </Button>
      </Group>
      {company.warning ? (
        <Alert
          color={isBlocked ? 'red' : 'yellow'}
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={isBlocked ? 'No new work until your insurance is renewed' : 'A document needs renewing'}
        >
          {company.warning}
        </Alert>
      ) : null}
      <ComplianceSummary compliance={company.compliance} />
      {company.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          No documents on file yet. Upload your certificate of insurance so managers can assign you work.
        </Text>
      ) : null}
      <DocumentGroup title="Sent, awaiting review" documents={waiting} render={card} />
      {current.length + history.length > 0 ? (
        showsDocuments ? (
          <>
            <DocumentGroup title="On file" documents={current} render={card} />
            <DocumentGroup title="Earlier documents" documents={history} render={card} />
            <Group>
              <Button variant="subtle" size="xs" onClick={() => setShowsDocuments(false)}>
                Hide documents
              </Button>
            </Group>
          </>
        ) : (
          <Group>
            <Button variant="default" size="xs" onClick={() => setShowsDocuments(true)}>
              Show documents on file ({current.length + history.length})
            </Button>
          </Group>
        )
      ) : null}
      {isUploading ? (
        <DocumentDialog
          opened
          onClose={() => setIsUploading(false)}
          source="own"
          initialValues={insurance ? renewalFormOf(insurance) : emptyDocumentForm('insurance')}
          submit={(input) => submit.mutateAsync(input)}
          isSubmitting={submit.isPending}
        />
      ) : null}
    </Stack>
  );
}
