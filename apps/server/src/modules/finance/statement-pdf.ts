import type { Content, TableCell } from 'pdfmake/interfaces';
import { formatMoney } from '@commonwise/contracts';
import { render, type RenderedPdf } from '../letters/pdf.ts';
import type { Statement } from './statements.service.ts';

/**
 * A monthly statement as PDF, through the letters' renderer (its fonts and its rule that nothing is
 * fetched): the association's letterhead, the unit and its owners, the month's summary, every entry with
 * the balance after it, what is due, and how to pay. Dated the statement's last day, so the statement of
 * a month that has ended is the same file whenever it is made.
 */

const grey = '#555555';
const day = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dateOf = (iso: string) => new Date(`${iso}T12:00:00Z`);

const right = (text: string, bold = false): TableCell => ({ text, alignment: 'right', bold });

export function renderStatement(statement: Statement): Promise<RenderedPdf> {
  const month = monthName.format(dateOf(statement.from));
  const title = `Statement of account — ${month}`;
  const period = `${day.format(dateOf(statement.from))} to ${day.format(dateOf(statement.through))}${statement.isPartial ? ' (the month so far)' : ''}`;
  const header = (cells: string[]): TableCell[] =>
    cells.map((text, index) => ({
      text,
      bold: true,
      fillColor: '#f1f3f5',
      ...(index >= 2 ? { alignment: 'right' as const } : {}),
    }));
  const activity: TableCell[][] = [
    header(['Date', 'Description', 'Charges', 'Payments and credits', 'Balance']),
    [
      shortDay.format(dateOf(statement.from)),
      'Opening balance',
      '',
      '',
      right(formatMoney(statement.openingCents)),
    ],
    ...statement.lines.map((line): TableCell[] => [
      shortDay.format(dateOf(line.postedOn)),
      line.description,
      line.amountCents > 0 ? right(formatMoney(line.amountCents)) : '',
      line.amountCents < 0 ? right(formatMoney(-line.amountCents)) : '',
      right(formatMoney(line.balanceCents)),
    ]),
    ...(statement.lines.length === 0
      ? [[{ text: 'No charges or payments this month.', colSpan: 5, color: grey }, '', '', '', '']]
      : []),
    [
      shortDay.format(dateOf(statement.through)),
      { text: 'Closing balance', bold: true },
      right(formatMoney(statement.chargesCents), true),
      right(formatMoney(statement.creditsCents), true),
      right(formatMoney(statement.closingCents), true),
    ],
  ];
  const due: Content[] =
    statement.closingCents > 0
      ? [{ text: `Amount due: ${formatMoney(statement.closingCents)}`, fontSize: 13, bold: true }]
      : statement.closingCents < 0
        ? [
            {
              text: `Credit: ${formatMoney(-statement.closingCents)}, which pays your next charges`,
              fontSize: 13,
              bold: true,
            },
          ]
        : [{ text: 'Nothing is due.', fontSize: 13, bold: true }];
  if (statement.nextCharge) {
    due.push({
      text: `Next charge: ${statement.nextCharge.description}, ${formatMoney(statement.nextCharge.amountCents)}, due ${day.format(dateOf(statement.nextCharge.dueOn))}.`,
      margin: [0, 4, 0, 0],
    });
  }
  const howToPay: Content[] = [
    ...(statement.payOnline
      ? [{ text: 'Online: sign in to Commonwise and open Billing to pay by card or bank account.' }]
      : []),
    {
      text: `By check: payable to “${statement.association.name}”, with “Unit ${statement.unit.label}” on the memo line, sent to the association's address above.`,
    },
  ];
  return render({
    pageSize: 'LETTER',
    pageMargins: [56, 56, 56, 56],
    info: {
      title: `${title}, unit ${statement.unit.label}`,
      author: statement.association.name,
      creator: 'Commonwise',
      producer: 'Commonwise',
      creationDate: dateOf(statement.through),
    },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.25 },
    footer: (page, pages) => ({
      text: `${statement.association.name} · unit ${statement.unit.label} · ${month} · page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#868e96',
      margin: [0, 16, 0, 0],
    }),
    content: [
      { text: statement.association.name, fontSize: 15, bold: true },
      { text: statement.association.address, fontSize: 9, color: grey, margin: [0, 2, 0, 20] },
      { text: title, fontSize: 13, bold: true },
      { text: `Unit ${statement.unit.label}`, margin: [0, 6, 0, 0] },
      statement.owners.length > 0
        ? { text: `${statement.owners.length > 1 ? 'Owners' : 'Owner'}: ${statement.owners.join(', ')}` }
        : { text: 'Owner: none on record', color: grey },
      { text: `Period: ${period}`, margin: [0, 0, 0, 12] },
      {
        table: {
          widths: ['*', '*', '*', '*'],
          body: [
            ['Opening balance', 'Charges', 'Payments and credits', 'Closing balance'].map(
              (text): TableCell => ({ text, bold: true, fillColor: '#f1f3f5' }),
            ),
            [
              formatMoney(statement.openingCents),
              formatMoney(statement.chargesCents),
              formatMoney(statement.creditsCents),
              { text: formatMoney(statement.closingCents), bold: true },
            ],
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 16],
      },
      { text: 'Activity', bold: true, margin: [0, 0, 0, 4] },
      {
        table: { headerRows: 1, widths: [44, '*', 60, 92, 62], body: activity },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 16],
      },
      ...due,
      { text: 'How to pay', bold: true, margin: [0, 16, 0, 4] },
      ...howToPay,
    ],
  });
}
