import { readFileSync } from 'node:fs';
import type { DocumentCategory } from '@commonwise/contracts';
import { structureDocument } from '../../../modules/documents/structure.ts';
import { between, dayMs, type DomainGenerator } from '../portfolio.ts';

const name = '{{ASSOCIATION}}';
const upperName = '{{ASSOCIATION_UPPER}}';
const when = '{{DATE}}';

/** A document text with placeholders, split into pages, and its sections made once from it. */
type Template = {
  category: DocumentCategory;
  title: string;
  pages: string[];
  sections: ReturnType<typeof structureDocument>;
};

function template(category: DocumentCategory, title: string, pages: string[]): Template {
  return {
    category,
    title,
    pages,
    sections: structureDocument(pages.map((text, index) => ({ page: index + 1, text }))),
  };
}

function demoText(source: string): string[] {
  const text = readFileSync(new URL(`../../seed-documents/${source}.txt`, import.meta.url), 'utf8')
    .replaceAll('Willow Creek Commons', name)
    .replaceAll('WILLOW CREEK COMMONS', upperName)
    .replaceAll('Harbor View Condominiums', name)
    .replaceAll('HARBOR VIEW CONDOMINIUMS', upperName);
  return text.split(/^<<<PAGE>>>$/m).map((page) => page.replace(/^\n+|\n+$/g, ''));
}

function templates() {
  const minutes = template('meeting_minutes', 'Board meeting minutes', [
    `MINUTES OF THE REGULAR MEETING OF THE BOARD OF DIRECTORS\n${upperName}\nHeld on ${when}\n\n1. CALL TO ORDER\n1.1 The President called the meeting to order at 7:00 p.m. A quorum of directors was present. The manager attended and took the minutes.\n\n2. APPROVAL OF MINUTES\n2.1 The minutes of the previous meeting were approved as written.\n\n3. FINANCIAL REPORT\n3.1 The Treasurer reported that operating income is on budget and the reserve fund contribution was transferred as planned. Delinquent accounts were reviewed in executive session.`,
    `4. MAINTENANCE\n4.1 The manager reported on open work orders, including landscaping, lighting and pool repairs. The Board approved the proposal to repaint the clubhouse trim.\n4.2 The Board asked the manager to obtain three bids for the roof inspection.\n\n5. ARCHITECTURAL REVIEW\n5.1 Two applications for exterior paint and one for solar panels were approved with conditions.\n\n6. OWNER FORUM\n6.1 Owners raised concerns about guest parking and noise after quiet hours. The Board will review the parking rules at the next meeting.\n\n7. ADJOURNMENT\n7.1 There being no further business, the meeting was adjourned at 8:35 p.m.`,
  ]);
  const statement = template('financial_statements', 'Monthly financial statement', [
    `${upperName}\nFINANCIAL STATEMENT FOR THE MONTH ENDED ${when}\n\nBALANCE SHEET\nOperating cash, reserve cash and receivables from owners are shown at the end of the month. Assessments receivable are net of the allowance for doubtful accounts.\n\nINCOME STATEMENT\nAssessment income, late fees and interest income compared with the budget for the month and the year to date. Expenses for landscaping, utilities, insurance, repairs and management fees are shown by category.\n\nRESERVE FUND\nThe reserve contribution for the month was transferred to the reserve account. Reserve expenditures this month: none beyond those approved by the Board.`,
  ]);
  const insurance = template('insurance_policies', 'Master insurance policy', [
    `CERTIFICATE OF INSURANCE\nNamed insured: ${name} Owners Association\nPolicy period beginning ${when}\n\nSection 1 Coverage. The master policy covers the common area and, for condominiums, the buildings' structure, against fire and other perils, at full replacement cost.\n\nSection 2 Liability. General liability of one million dollars per occurrence and directors and officers liability for the Board.\n\nSection 3 Deductible. The deductible for each loss is ten thousand dollars; the Board may charge it to an owner whose unit caused the loss.`,
  ]);
  const articles = template('articles_of_incorporation', 'Articles of Incorporation', [
    `ARTICLES OF INCORPORATION OF ${upperName} OWNERS ASSOCIATION\n\nARTICLE I NAME\nSection 1.1 The name of the corporation is ${name} Owners Association.\n\nARTICLE II PURPOSE\nSection 2.1 The corporation is a nonprofit mutual benefit corporation formed to manage and maintain the common area and to enforce the governing documents.\n\nARTICLE III MEMBERS\nSection 3.1 Every owner of a unit is a member. Membership is appurtenant to and may not be separated from ownership of a unit.`,
  ]);
  const guidelines = template('architectural_guidelines', 'Architectural Guidelines', [
    `ARCHITECTURAL GUIDELINES\n${upperName}\n\nSection 1 Applications. An owner must apply to the Architectural Review Committee before any exterior change: paint colours, fences, windows, doors, solar panels, landscaping in front yards.\n\nSection 2 Review. The committee decides within forty-five days. An application not decided in that time is deemed approved.\n\nSection 3 Paint. Exterior colours must be chosen from the approved palette kept by the manager.`,
  ]);
  return {
    governing: [
      template('ccr', 'Declaration of CC&Rs', demoText('willow-creek-ccrs')),
      template('bylaws', 'Bylaws', demoText('harbor-view-bylaws')),
      template('rules_and_regulations', 'Rules and Regulations', demoText('willow-creek-rules')),
      articles,
      guidelines,
    ],
    minutes,
    statement,
    insurance,
  };
}

/**
 * Each association's documents, already processed: the governing documents (the demo's texts with the
 * association's name), monthly board minutes and financial statements, and yearly insurance
 * certificates — their pages in document_contents (full-text search) and their sections in
 * document_sections (the assistant's quotations), made from the same text the processing job would
 * have extracted. The stored files themselves are not written: a download link answers "not found".
 */
export const documents: DomainGenerator = {
  name: 'documents',
  async run(context) {
    const random = context.random('documents');
    const { sink, sizes, today, portfolio } = context;
    const made = templates();
    const monthly = Math.max(0, Math.floor((sizes.documentsPerAssociation - made.governing.length) / 2.1));
    const yearly = Math.max(0, sizes.documentsPerAssociation - made.governing.length - 2 * monthly);
    for (const association of portfolio.associations) {
      const uploader = association.managerIds[0]!;
      const add = async (source: Template, title: string, day: Date) => {
        const id = random.uuid();
        const fill = (text: string) =>
          text
            .replaceAll(upperName, association.name.toUpperCase())
            .replaceAll(name, association.name)
            .replaceAll(when, day.toISOString().slice(0, 10));
        const fileName = `${title.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`;
        const pages = source.pages.map(fill);
        await sink.add('property_documents', [
          id,
          association.id,
          title,
          `${title} of ${association.name}`,
          source.category,
          `${association.id}/${source.category}/${day.getTime()}_${id.slice(0, 8)}_${fileName}`,
          fileName,
          'application/pdf',
          pages.reduce((sum, page) => sum + page.length, 0) * 3,
          'completed',
          pages.length,
          new Date(day.getTime() + 60_000),
          ['ccr', 'bylaws', 'articles_of_incorporation', 'rules_and_regulations'].includes(source.category),
          uploader,
          day,
        ]);
        for (const [index, page] of pages.entries())
          await sink.add('document_contents', [id, index + 1, page, day]);
        for (const section of source.sections) {
          const blocks = section.blocks.map((block) => ({ ...block, text: fill(block.text) }));
          await sink.add('document_sections', [
            id,
            section.ordinal,
            section.number,
            section.title === null ? null : fill(section.title),
            section.context === null ? null : fill(section.context),
            section.page,
            blocks,
            blocks.map((block) => block.text).join('\n'),
          ]);
        }
      };
      for (const source of made.governing)
        await add(
          source,
          source.title,
          between(random, association.createdAt, new Date(association.createdAt.getTime() + 30 * dayMs)),
        );
      for (let month = 0; month < monthly; month++) {
        const day = new Date(today.getTime() - (month + 1) * 30 * dayMs);
        if (day < association.createdAt) break;
        await add(made.minutes, `Board meeting minutes ${day.toISOString().slice(0, 7)}`, day);
        await add(made.statement, `Financial statement ${day.toISOString().slice(0, 7)}`, day);
      }
      for (let year = 0; year < yearly; year++)
        await add(
          made.insurance,
          `Insurance certificate ${today.getUTCFullYear() - year}`,
          new Date(today.getTime() - year * 365 * dayMs),
        );
    }
  },
};
