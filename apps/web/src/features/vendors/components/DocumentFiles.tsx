import { vendorDocumentFilesMax, type AttachmentList, type VendorDocument } from '@commonwise/contracts';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { FilesPanel } from '../../attachments/index.ts';
import { ownCompanyQueryOptions, useRefreshVendorFiles, vendorQueryOptions } from '../api.ts';

/** Whose page a document is shown on: a company's in the directory, or the vendor's own in the portal. */
export type DocumentSource = { companyId: string } | 'own';

const filesOf = (documents: readonly VendorDocument[] | undefined, documentId: string): AttachmentList => ({
  attachments: documents?.find((document) => document.id === documentId)?.files ?? [],
});

/** What the reader may do with a document's files now (the server says, per document and reader). */
export type FileRights = { canAdd: boolean; canRemove: boolean };
export const noFileRights: FileRights = { canAdd: false, canRemove: false };
export const fileRightsOf = (
  document: Pick<VendorDocument, 'canAddFiles' | 'canRemoveFiles'>,
): FileRights => ({
  canAdd: document.canAddFiles,
  canRemove: document.canRemoveFiles,
});

/**
 * A document's files (the certificate itself), read from the company's own answer: a file added or
 * removed reloads the company, whose documents carry their files with fresh links.
 */
export function DocumentFiles({
  source,
  document,
  rights,
}: {
  source: DocumentSource;
  document: Pick<VendorDocument, 'id' | 'kind'>;
  rights: FileRights;
}) {
  return source === 'own' ? (
    <OwnDocumentFiles document={document} rights={rights} />
  ) : (
    <CompanyDocumentFiles companyId={source.companyId} document={document} rights={rights} />
  );
}

function CompanyDocumentFiles({
  companyId,
  document,
  rights,
}: {
  companyId: string;
  document: Pick<VendorDocument, 'id' | 'kind'>;
  rights: FileRights;
}) {
  const files = useQuery({
    ...vendorQueryOptions(companyId),
    select: (company) => filesOf(company.documents, document.id),
  });
  return <Files files={files} document={document} rights={rights} />;
}

function OwnDocumentFiles({
  document,
  rights,
}: {
  document: Pick<VendorDocument, 'id' | 'kind'>;
  rights: FileRights;
}) {
  const files = useQuery({
    ...ownCompanyQueryOptions,
    select: (own) => filesOf(own.company?.documents, document.id),
  });
  return <Files files={files} document={document} rights={rights} />;
}

function Files({
  files,
  document,
  rights,
}: {
  files: UseQueryResult<AttachmentList>;
  document: Pick<VendorDocument, 'id' | 'kind'>;
  rights: FileRights;
}) {
  const refresh = useRefreshVendorFiles();
  return (
    <FilesPanel
      files={files}
      target={{ vendorDocumentId: document.id }}
      canChange={rights.canAdd || rights.canRemove}
      canAdd={rights.canAdd}
      canRemove={rights.canRemove}
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
