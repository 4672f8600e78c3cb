import type { VendorCompany, VendorDocument } from '@commonwise/contracts';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { useAddVendorDocument, useReviewVendorDocument } from '../api.ts';
import { renewalFormOf, type DocumentFormValues } from '../document-form.ts';
import { documentInSentence, documentTitleOf, sortDocuments } from '../labels.ts';
import { DocumentCard } from './DocumentCard.tsx';
import { DocumentDialog } from './DocumentDialog.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
import { Section } from './Section.tsx';

type Asking = { action: 'reject' | 'withdraw'; document: VendorDocument } | null;

/**
 * The certificates of insurance, licences and W-9s: those in use first, then those a vendor sent that wait
 * for review, then the history. A keeper adds documents (verified at once), verifies or rejects what the
 * vendor sent, and withdraws one entered by mistake; everyone who reads the company sees them.
 */
export function DocumentsSection({ company }: { company: VendorCompany }) {
  const [adding, setAdding] = useState<{ initial?: DocumentFormValues } | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const add = useAddVendorDocument(company.id);
  const review = useReviewVendorDocument(company.id);
  const { current, waiting, history } = sortDocuments(company.documents);
  const keeps = company.canManage;

  const verify = (document: VendorDocument) =>
    review.mutate(
      { action: 'verify', documentId: document.id },
      {
        onSuccess: () => showSuccessToast(`${documentTitleOf(document)} verified`),
        onError: (error) => showFailureToast('The document was not verified', error),
      },
    );

  const actionsOf = (document: VendorDocument) => {
    if (!keeps) return null;
    if (document.status === 'submitted')
      return (
        <>
          <Button
            size="xs"
            leftSection={<IconCheck size={14} aria-hidden />}
            loading={review.isPending && review.variables.documentId === document.id}
            onClick={() => verify(document)}
          >
            Verify
          </Button>
          <Button size="xs" variant="default" onClick={() => setAsking({ action: 'reject', document })}>
            Reject
          </Button>
        </>
      );
    if (document.status === 'verified')
      return (
        <>
          {document.isCurrent && document.kind !== 'w9' ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => setAdding({ initial: renewalFormOf(document) })}
            >
              Add renewal
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => setAsking({ action: 'withdraw', document })}
          >
            Withdraw
          </Button>
        </>
      );
    return null;
  };

  const card = (document: VendorDocument) => (
    <DocumentCard
      key={document.id}
      document={document}
      compliance={company.compliance}
      source={{ companyId: company.id }}
      filesHiddenText={
        document.kind === 'w9' && !keeps
          ? 'The signed W-9 holds the taxpayer number: only the managers who keep this record and the company’s own people can open it.'
          : null
      }
      actions={actionsOf(document)}
    />
  );

  return (
    <Section
      title="Compliance documents"
      description="A certificate of insurance, a licence and a W-9. An expired certificate stops new work orders being assigned to the company’s people."
      action={
        keeps ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding({})}>
            Add document
          </Button>
        ) : null
      }
    >
      {company.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          No documents on file yet.
        </Text>
      ) : null}
      <DocumentGroup title="Awaiting review" documents={waiting} render={card} />
      <DocumentGroup title="In use" documents={current} render={card} />
      <DocumentGroup title="History" documents={history} render={card} />
      {adding ? (
        <DocumentDialog
          opened
          onClose={() => setAdding(null)}
          source={{ companyId: company.id }}
          initialValues={adding.initial}
          submit={(input) => add.mutateAsync(input)}
          isSubmitting={add.isPending}
        />
      ) : null}
      {asking?.action === 'reject' ? (
        <ReasonDialog
          title={`Reject ${documentInSentence(asking.document)}?`}
          explanation={`${company.name}’s people are told, with your reason, so they can send a corrected one.`}
          label="Why it is rejected"
          confirmLabel="Reject document"
          emptyMessage="Say why the document is rejected, so the vendor can fix it"
          onConfirm={async (reason) => {
            await review.mutateAsync({ action: 'reject', documentId: asking.document.id, reason });
            showSuccessToast('Document rejected; the vendor is told why');
            setAsking(null);
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking?.action === 'withdraw' ? (
        <ReasonDialog
          title={`Withdraw ${documentInSentence(asking.document)}?`}
          explanation="Withdraw a document entered by mistake (a wrong expiry day, the wrong file). It stays in the history with your reason and no longer counts."
          label="Why it is withdrawn"
          confirmLabel="Withdraw document"
          emptyMessage="Say why the document is withdrawn"
          onConfirm={async (reason) => {
            await review.mutateAsync({ action: 'withdraw', documentId: asking.document.id, reason });
            showSuccessToast('Document withdrawn');
            setAsking(null);
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </Section>
  );
}

export function DocumentGroup({
  title,
  documents,
  render,
}: {
  title: string;
  documents: VendorDocument[];
  render: (document: VendorDocument) => ReactNode;
}) {
  if (documents.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h6" c="dimmed" tt="uppercase">
        {title}
      </Title>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={title}>
        {documents.map(render)}
      </Stack>
    </Stack>
  );
}
