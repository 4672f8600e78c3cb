import type { Content } from 'pdfmake/interfaces';
import type { HandoverItem } from '@commonwise/contracts';
import { render, type RenderedPdf } from '../letters/pdf.ts';
import { formatDay } from '../letters/values.ts';

/**
 * The hand-over report as PDF, through the letters' renderer (decision 0035): the community, the day it
 * was made and by whom, then each checklist item with its state, what it says and its evidence, and a
 * line for the board's receipt. Made only from the report's frozen items and its creation moment, so it
 * renders to the same bytes every time (its SHA-256 is stored with the report).
 */

const grey = '#555555';

export type HandoverReportDocument = {
  community: { name: string; address: string };
  generatedAt: Date;
  /** The day it was made, on the association's clock (YYYY-MM-DD). */
  generatedOn: string;
  generatedBy: string | null;
  reference: string;
  items: HandoverItem[];
};

export function renderHandoverReport(report: HandoverReportDocument): Promise<RenderedPdf> {
  const complete = report.items.filter((item) => item.isComplete).length;
  const title = 'Hand-over report';
  const items: Content[] = report.items.flatMap((item, index): Content[] => [
    {
      text: [
        { text: `${index + 1}. ${item.label}`, bold: true },
        {
          text: item.isComplete ? '  Complete' : '  Not complete',
          color: item.isComplete ? '#2b8a3e' : '#c92a2a',
        },
      ],
      margin: [0, 8, 0, 2],
    },
    { text: item.summary, margin: [0, 0, 0, 2] },
    item.evidence.length > 0
      ? { ul: item.evidence.map((entry) => ({ text: entry.label, fontSize: 9 })), margin: [0, 0, 0, 2] }
      : { text: 'No evidence on file.', fontSize: 9, color: grey },
    {
      text: 'Received by the board: ____________________  Date: __________',
      fontSize: 9,
      color: grey,
      margin: [0, 4, 0, 0],
    },
  ]);
  return render({
    pageSize: 'LETTER',
    pageMargins: [56, 56, 56, 56],
    info: {
      title: `${title}, ${report.community.name}`,
      author: report.community.name,
      creator: 'Commonwise',
      producer: 'Commonwise',
      creationDate: report.generatedAt,
    },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.2 },
    footer: (page, pages) => ({
      text: `${report.community.name} · hand-over report ${report.reference} · page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#868e96',
      margin: [0, 16, 0, 0],
    }),
    content: [
      { text: report.community.name, fontSize: 15, bold: true },
      { text: report.community.address, fontSize: 9, color: grey, margin: [0, 2, 0, 16] },
      { text: title, fontSize: 13, bold: true },
      {
        text: `Made on ${formatDay(report.generatedOn)}${report.generatedBy ? ` by ${report.generatedBy}` : ''}, for the owners' board. ${complete} of ${report.items.length} items complete.`,
        color: grey,
        margin: [0, 2, 0, 8],
      },
      ...items,
    ],
  });
}
