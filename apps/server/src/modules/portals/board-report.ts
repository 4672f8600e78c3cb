import { createHash } from 'node:crypto';
import {
  maintenanceCategoryLabels,
  type BoardReportWorkOrder,
  type BoardWorkOrderOverview,
} from '@commonwise/contracts';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { render, type RenderedPdf } from '../letters/pdf.ts';

const statusLabels: Record<string, string> = {
  new: 'New',
  pending: 'Pending',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
const priorityLabels: Record<string, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  emergency: 'Emergency',
};

export function labelCategory(category: string): string {
  return (
    (maintenanceCategoryLabels as Record<string, string>)[category] ??
    category.replace(/[_-]+/g, ' ').replace(/^./, (first) => first.toUpperCase())
  );
}

/** "6.0 days" or "5.5 hours": days once it is a day or more. */
export function formatDuration(hours: number): string {
  if (hours >= 24) {
    const days = hours / 24;
    return `${days.toFixed(1)} ${days.toFixed(1) === '1.0' ? 'day' : 'days'}`;
  }
  return `${hours.toFixed(1)} ${hours.toFixed(1) === '1.0' ? 'hour' : 'hours'}`;
}

/** The report's file name: commonwise-work-order-report-YYYY-MM-DD.pdf (UTC date of generation). */
export function reportFileName(generatedAt: string): string {
  return `commonwise-work-order-report-${generatedAt.slice(0, 10)}.pdf`;
}

/** The associations a report is about: their names head it, the first one's time zone dates it. */
export type ReportAssociation = { name: string; timeZone: string };

/**
 * The board's work order report as a PDF (issue 26; pdfmake, as letters are): the association's name,
 * the figures of the portal's overview and the open work orders, every time in the association's time
 * zone (the first one's, for a board of several, with the zone named).
 */
export function renderBoardReportPdf(
  overview: BoardWorkOrderOverview,
  openWorkOrders: BoardReportWorkOrder[],
  associations: ReportAssociation[],
): Promise<RenderedPdf> {
  const generated = new Date(overview.generatedAt);
  const timeZone = associations[0]?.timeZone ?? 'UTC';
  const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
  const moment = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
  const { completion } = overview;
  const names =
    associations.length > 0 ? associations.map((association) => association.name).join(', ') : 'Commonwise';
  const header = (cells: string[]): TableCell[] =>
    cells.map((text) => ({ text, bold: true, fillColor: '#f1f3f5' }));
  const counts = (title: string, heading: string, rows: { label: string; count: number }[]): Content => ({
    stack: [
      { text: title, bold: true, margin: [0, 8, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: ['*', 50],
          body: [
            header([heading, 'Open']),
            ...(rows.length > 0
              ? rows.map((row) => [row.label, { text: String(row.count), alignment: 'right' as const }])
              : [[{ text: 'None', colSpan: 2 }, '']]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
    ],
  });
  const ageDays = (createdAt: string) =>
    Math.max(0, Math.floor((generated.getTime() - Date.parse(createdAt)) / (24 * 60 * 60 * 1000)));
  return render({
    pageSize: 'LETTER',
    pageOrientation: 'landscape',
    pageMargins: [48, 48, 48, 48],
    info: {
      title: `Work order report — ${names}`,
      author: 'Commonwise',
      creator: 'Commonwise',
      creationDate: generated,
    },
    defaultStyle: { font: 'Roboto', fontSize: 9.5, lineHeight: 1.2 },
    footer: (page, pages) => ({
      text: `${names} · work order report of ${day.format(generated)} · page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#868e96',
      margin: [0, 16, 0, 0],
    }),
    content: [
      { text: names, fontSize: 18, bold: true },
      { text: 'Work order report', fontSize: 13, margin: [0, 2, 0, 2] },
      { text: `Generated ${moment.format(generated)}`, color: '#495057', margin: [0, 0, 0, 12] },
      {
        columns: [
          { text: [{ text: `${overview.openCount}\n`, fontSize: 16, bold: true }, 'Open work orders'] },
          {
            text: [
              { text: `${completion.completedCount}\n`, fontSize: 16, bold: true },
              `Completed in the last ${completion.windowDays} days`,
            ],
          },
          {
            text: [
              {
                text: `${completion.averageHours === null ? '—' : formatDuration(completion.averageHours)}\n`,
                fontSize: 16,
                bold: true,
              },
              'Average time to completion',
            ],
          },
        ],
        margin: [0, 0, 0, 8],
      },
      {
        columns: [
          counts(
            'Open by status',
            'Status',
            overview.openByStatus.map((row) => ({
              label: statusLabels[row.status] ?? row.status,
              count: row.count,
            })),
          ),
          counts(
            'Open by category',
            'Category',
            overview.openByCategory.map((row) => ({ label: labelCategory(row.category), count: row.count })),
          ),
          counts(
            'Open by property',
            'Property',
            overview.openByProperty.map((row) => ({ label: row.name, count: row.count })),
          ),
        ],
        columnGap: 16,
      },
      { text: 'Open work orders (oldest first)', fontSize: 12, bold: true, margin: [0, 14, 0, 6] },
      {
        table: {
          headerRows: 1,
          widths: [60, '*', 110, 80, 60, 52, 64, 40],
          body: [
            header([
              'Number',
              'Summary',
              'Property',
              'Category',
              'Status',
              'Priority',
              'Created',
              'Age (days)',
            ]),
            ...(openWorkOrders.length > 0
              ? openWorkOrders.map((workOrder) => [
                  `${workOrder.reference}\n#${workOrder.id.slice(-8)}`,
                  workOrder.summary,
                  workOrder.propertyName,
                  labelCategory(workOrder.mainCategory),
                  statusLabels[workOrder.status] ?? workOrder.status,
                  priorityLabels[workOrder.priority] ?? workOrder.priority,
                  day.format(new Date(workOrder.createdAt)),
                  { text: String(ageDays(workOrder.createdAt)), alignment: 'right' as const },
                ])
              : [[{ text: 'No open work orders', colSpan: 8 }, '', '', '', '', '', '', '']]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
    ],
  });
}

/**
 * The last reports rendered, by what they show (issue 19: rendering is the slow part — some 2 s for a
 * large association — and board members of one association ask for the same figures). A report is
 * reused only while its figures, its open work orders and its associations are exactly the same, on the
 * same local day (ages are in days), and for at most `maxAgeMs`, so its "Generated" time is never far
 * from the request's.
 */
export class BoardReportCache {
  private readonly entries = new Map<string, { bytes: Buffer; generatedAt: string; at: number }>();

  constructor(
    private readonly maxEntries = 16,
    private readonly maxAgeMs = 10 * 60_000,
  ) {}

  async get(
    input: {
      overview: BoardWorkOrderOverview;
      openWorkOrders: BoardReportWorkOrder[];
      associations: ReportAssociation[];
    },
    now: Date,
    render: () => Promise<RenderedPdf>,
  ): Promise<{ bytes: Buffer; generatedAt: string }> {
    const { generatedAt: _generatedAt, ...figures } = input.overview;
    const timeZone = input.associations[0]?.timeZone ?? 'UTC';
    const localDay = new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
    const key = createHash('sha256')
      .update(JSON.stringify([figures, input.openWorkOrders, input.associations, localDay]))
      .digest('base64url');
    const cached = this.entries.get(key);
    if (cached && now.getTime() - cached.at <= this.maxAgeMs) return cached;
    const pdf = await render();
    const entry = {
      bytes: Buffer.from(pdf.bytes),
      generatedAt: input.overview.generatedAt,
      at: now.getTime(),
    };
    this.entries.delete(key);
    this.entries.set(key, entry);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return entry;
  }
}
