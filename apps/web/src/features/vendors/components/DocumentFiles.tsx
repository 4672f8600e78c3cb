import { vendorDocumentFilesMax, type AttachmentList, type VendorDocument } from '@commonwise/contracts';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { FilesPanel } from '../../attachments/index.ts';
import { ownCompanyQueryOptions, useRefreshVendorFiles, vendorQueryOptions } from '../api.ts';

/** Whose page a document is shown on: a company's in the directory, or the vendor's own in the portal. */
export type DocumentSource = { companyId: string } | 'own';

const filesOf = (documents: readonly VendorDocument[] | undefined, documentId: string): AttachmentList => ({
  attachments: documents?.find((document) => document.id === documentId)?.files ?? [],
});

/**
 * A document's files (the certificate itself), read from the company's own answer: a file added or
 * removed reloads the company, whose documents carry their files with fresh links.
 */
export function DocumentFiles({
  source,
  document,
  canChange,
}: {
  source: DocumentSource;
  document: Pick<VendorDocument, 'id' | 'kind'>;
  canChange: boolean;
}) {
  return source === 'own' ? (
    <OwnDocumentFiles document={document} canChange={canChange} />
  ) : (
    <CompanyDocumentFiles companyId={source.companyId} document={document} canChange={canChange} />
  );
}

function CompanyDocumentFiles({
  companyId,
  document,
  canChange,
}: {
  companyId: string;
  document: Pick<VendorDocument, 'id' | 'kind'>;
  canChange: boolean;
}) {
  const files = useQuery({
    ...vendorQueryOptions(companyId),
    select: (company) => filesOf(company.documents, document.id),
  });
  return <Files files={files} document={document} canChange={canChange} />;
}

function OwnDocumentFiles({
  document,
  canChange,
}: {
  document: Pick<VendorDocument, 'id' | 'kind'>;
  canChange: boolean;
}) {
  const files = useQuery({
    ...ownCompanyQueryOptions,
    select: (own) => filesOf(own.company?.documents, document.id),
  });
  return <Files files={files} document={document} canChange={canChange} />;
}

function Files({
  files,
  document,
  canChange,
}: {
  files: UseQueryResult<AttachmentList>;
  document: Pick<VendorDocument, 'id' | 'kind'>;
  canChange: boolean;
}) {
  const refresh = useRefreshVendorFiles();
  return (
    <FilesPanel
      files={files}
      target={{ vendorDocumentId: document.id }}
      canChange={canChange}
      max={vendorDocumentFilesMax}
      hint={
        document.kind === 'w9'
          ? 'A W-9 holds the taxpayer number: only the company’s own people and the managers who keep its record can open it.'
          : 'The certificate or licence itself, and any endorsements.'
      }
      emptyText="No file attached."
      addLabel={document.kind === 'insurance' ? 'Attach the certificate' : 'Attach a file'}
      onChanged={refresh}
    />
  );
}
