import type { Content, TableCell } from 'pdfmake/interfaces';
import {
  agingBucketLabels,
  agingBuckets,
  chargeKindLabels,
  formatMoney,
  fundLabels,
  paymentMethodLabels,
  type BoardReport,
} from '@commonwise/contracts';
import { render, type RenderedPdf } from '../letters/pdf.ts';

/**
 * The monthly board report as PDF, through the letters' renderer: the association's name, the month, and
 * one section per part of the report, each table's figures as the report has them. Dated the month's last
 * day (or the day it is made, for the month so far), so a closed month is the same file whenever it is made.
 */

const grey = '#555555';
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const day = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateOf = (iso: string) => new Date(`${iso}T12:00:00Z`);

const head = (cells: string[], rightFrom = 1): TableCell[] =>
  cells.map((text, index) => ({
    text,
    bold: true,
    fillColor: '#f1f3f5',
    ...(index >= rightFrom ? { alignment: 'right' as const } : {}),
  }));
const money = (cents: number, bold = false): TableCell => ({
  text: formatMoney(cents),
  alignment: 'right',
  bold,
});
const label = (row: { code: string; name: string }) => `${row.code} ${row.name}`;

function table(widths: (string | number)[], body: TableCell[][]): Content {
  return { table: { headerRows: 1, widths, body }, layout: 'lightHorizontalLines', margin: [0, 0, 0, 14] };
}

const heading = (text: string): Content => ({ text, fontSize: 12, bold: true, margin: [0, 6, 0, 6] });
const note = (text: string): Content => ({ text, color: grey, margin: [0, 0, 0, 12] });

type ActivityRow = { label: string; count: number; cents: number };

/** What the month posted of one kind (charges, payments), and what it undid (shown negative) if any. */
function activityTable(title: string, rows: ActivityRow[], undone: ActivityRow): Content {
  const all = undone.count > 0 ? [...rows, { ...undone, cents: -undone.cents }] : rows;
  return table(
    ['*', 60, 100],
    [
      head([title, 'Count', 'Amount']),
      ...all.map((row): TableCell[] => [
        row.label,
        { text: String(row.count), alignment: 'right' },
        money(row.cents),
      ]),
    ],
  );
}

export function renderBoardReport(report: BoardReport): Promise<RenderedPdf> {
  const month = monthName.format(dateOf(report.from));
  const title = `Monthly financial report — ${month}`;
  const status = report.isPartial
    ? `The month so far, through ${day.format(dateOf(report.through))}.`
    : report.isClosed
      ? `Through ${day.format(dateOf(report.through))}. The books are closed for this month.`
      : `Through ${day.format(dateOf(report.through))}. The books are still open for this month: entries may still be posted to it.`;

  const balanceSheet: Content[] = report.balanceSheet.flatMap((fund) => [
    { text: `${fundLabels[fund.fund]} fund`, bold: true, margin: [0, 0, 0, 4] } as Content,
    table(
      ['*', 100],
      [
        head(['Account', 'Amount']),
        ...fund.assets.map((row) => [label(row), money(row.cents)]),
        [{ text: 'Total assets', bold: true }, money(fund.totalAssetsCents, true)],
        ...fund.liabilities.map((row) => [label(row), money(row.cents)]),
        ...fund.equity.map((row) => [label(row), money(row.cents)]),
        ['Income less expenses, all years', money(fund.surplusCents)],
        [
          { text: 'Total liabilities and equity', bold: true },
          money(fund.totalLiabilitiesAndEquityCents, true),
        ],
      ],
    ),
  ]);

  const incomeStatement: Content[] = report.incomeStatement.flatMap((fund) => [
    { text: `${fundLabels[fund.fund]} fund`, bold: true, margin: [0, 0, 0, 4] } as Content,
    table(
      ['*', 90, 90],
      [
        head(['Account', month, `Fiscal ${report.fiscalYear.label} to date`]),
        [{ text: 'Income', bold: true, colSpan: 3 }, '', ''],
        ...fund.income.map((row) => [label(row), money(row.monthCents), money(row.yearCents)]),
        [{ text: 'Expenses', bold: true, colSpan: 3 }, '', ''],
        ...fund.expenses.map((row) => [label(row), money(row.monthCents), money(row.yearCents)]),
        [
          { text: 'Net (income less expenses)', bold: true },
          money(fund.netMonthCents, true),
          money(fund.netYearCents, true),
        ],
      ],
    ),
  ]);

  const budget: Content[] =
    report.budget.status !== 'adopted'
      ? [
          note(
            report.budget.status === 'draft'
              ? `The ${report.fiscalYear.label} budget is a draft, not yet adopted by the board: nothing to compare with.`
              : `No budget has been made for ${report.fiscalYear.label}: nothing to compare with.`,
          ),
        ]
      : [
          table(
            ['*', 80, 80, 80],
            [
              head(['Operating account', 'Budget to date', 'Actual to date', 'Variance']),
              ...report.budget.rows.map((row) => [
                label(row),
                money(row.budgetCents),
                money(row.actualCents),
                money(row.varianceCents),
              ]),
            ],
          ),
          note('Variance is favourable when positive: income above budget, or expenses below it.'),
        ];

  const reserve: Content[] = [
    {
      text:
        report.reserve.targetCents === null
          ? `The reserve fund holds ${formatMoney(report.reserve.balanceCents)}. No target has been recorded.`
          : `The reserve fund holds ${formatMoney(report.reserve.balanceCents)} of its ${formatMoney(report.reserve.targetCents)} target (${Math.round((report.reserve.balanceCents / report.reserve.targetCents) * 100)}% funded). Target from: ${report.reserve.targetSource}.`,
      margin: [0, 0, 0, 12],
    },
  ];

  const aging: Content[] = [
    table(agingBuckets.map(() => '*').concat(['*', '*']), [
      head([...agingBuckets.map((bucket) => agingBucketLabels[bucket]), 'Credit', 'Balance'], 0),
      [
        ...agingBuckets.map((bucket) => money(report.aging.buckets[bucket])),
        money(report.aging.creditCents),
        money(report.aging.balanceCents, true),
      ],
    ]),
    ...(report.aging.largest.length > 0
      ? [
          table(
            ['*', 100, 100],
            [
              head(['Unit', 'Past due', 'Balance']),
              ...report.aging.largest.map((row) => [
                row.label,
                money(row.pastDueCents),
                money(row.balanceCents),
              ]),
            ],
          ),
        ]
      : [note('No unit is past due.')]),
  ];

  const activity: Content[] = [
    activityTable(
      'Charges posted',
      report.activity.charges.map((row) => ({ ...row, label: chargeKindLabels[row.kind] })),
      { label: 'Waived', ...report.activity.waived },
    ),
    activityTable(
      'Payments received',
      report.activity.payments.map((row) => ({ ...row, label: paymentMethodLabels[row.method] })),
      { label: 'Returned', ...report.activity.returned },
    ),
  ];

  return render({
    pageSize: 'LETTER',
    pageMargins: [56, 56, 56, 56],
    info: {
      title: `${title}, ${report.association.name}`,
      author: report.association.name,
      creator: 'Commonwise',
      producer: 'Commonwise',
      creationDate: dateOf(report.through),
    },
    defaultStyle: { font: 'Roboto', fontSize: 9.5, lineHeight: 1.2 },
    footer: (page, pages) => ({
      text: `${report.association.name} · ${month} · page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#868e96',
      margin: [0, 16, 0, 0],
    }),
    content: [
      { text: report.association.name, fontSize: 15, bold: true },
      { text: report.association.address, fontSize: 9, color: grey, margin: [0, 2, 0, 16] },
      { text: title, fontSize: 13, bold: true },
      note(status),
      heading('Balance sheet'),
      ...balanceSheet,
      heading('Income and expenses'),
      ...incomeStatement,
      heading(`Operating budget and actual, fiscal ${report.fiscalYear.label} to date`),
      ...budget,
      heading('Reserve fund'),
      ...reserve,
      heading('What owners owe'),
      ...aging,
      heading('Charges and payments of the month'),
      ...activity,
    ],
  });
}
