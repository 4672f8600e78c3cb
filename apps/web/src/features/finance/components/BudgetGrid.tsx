import { formatMoney, fundLabels, funds } from '@commonwise/contracts';
import { Table, Text, TextInput } from '@mantine/core';
import { memo, type CSSProperties } from 'react';
import { budgetCentsFrom } from '../money-input.ts';
import { centsOfMonths, monthsOf, type BudgetRow, type BudgetTexts } from '../budget-grid.ts';

export type MonthLabel = { short: string; long: string };

// The account column stays in view while the months scroll beside it (on a phone, inside the grid).
const stickyCell: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  minWidth: 'min(15rem, 40vw)',
  maxWidth: '16rem',
};
// Each cell draws its own rule: a row's border (collapsed) would be painted over by the sticky cells.
const cellRule: CSSProperties = { boxShadow: 'inset 0 -1px 0 var(--table-border-color)' };
const amountCell: CSSProperties = { whiteSpace: 'nowrap', textAlign: 'right' };

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

const BudgetGridRow = memo(function BudgetGridRow({
  row,
  months,
  monthLabels,
  isEditable,
  onChange,
}: {
  row: BudgetRow;
  months: string[];
  monthLabels: MonthLabel[];
  isEditable: boolean;
  onChange: (accountId: string, month: number, text: string) => void;
}) {
  const cents = centsOfMonths(months);
  return (
    <Table.Tr>
      <Table.Th scope="row" style={stickyCell} fw={400}>
        <Text size="sm" span>
          {row.code} {row.name}
        </Text>
      </Table.Th>
      {months.map((text, month) => (
        <Table.Td key={month} style={amountCell} p={4}>
          {isEditable ? (
            <TextInput
              size="xs"
              w={92}
              inputMode="decimal"
              aria-label={`${row.code} ${row.name}, ${monthLabels[month]!.long}`}
              value={text}
              onChange={(event) => onChange(row.accountId, month, event.currentTarget.value)}
              error={budgetCentsFrom(text) === null}
              styles={{ input: { textAlign: 'right' } }}
            />
          ) : (
            <Text size="sm" ff="monospace" c={cents[month] ? undefined : 'dimmed'}>
              {cents[month] ? formatMoney(cents[month]) : '–'}
            </Text>
          )}
        </Table.Td>
      ))}
      <Table.Td style={amountCell} ff="monospace" fw={600} fz="sm">
        {formatMoney(sum(cents))}
      </Table.Td>
    </Table.Tr>
  );
});

function TotalRow({ label, months }: { label: string; months: number[] }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" style={stickyCell}>
        <Text size="sm" fw={600} span>
          {label}
        </Text>
      </Table.Th>
      {months.map((cents, month) => (
        <Table.Td key={month} style={amountCell} ff="monospace" fz="sm" c={cents ? undefined : 'dimmed'}>
          {cents ? formatMoney(cents) : '–'}
        </Table.Td>
      ))}
      <Table.Td style={amountCell} ff="monospace" fz="sm" fw={600}>
        {formatMoney(sum(months))}
      </Table.Td>
    </Table.Tr>
  );
}

/** The months' totals of some rows, as typed. */
function monthTotals(rows: BudgetRow[], texts: BudgetTexts): number[] {
  const totals = Array.from({ length: 12 }, () => 0);
  for (const row of rows)
    centsOfMonths(monthsOf(texts, row.accountId)).forEach((cents, month) => (totals[month]! += cents));
  return totals;
}

/**
 * Income and expense accounts by fund × the fiscal year's twelve months, in dollars, with each account's
 * year and each fund's income and expenses per month. Wider than a phone: it scrolls in its own box.
 */
export function BudgetGrid({
  rows,
  texts,
  monthLabels,
  isEditable,
  onChange,
  caption,
}: {
  rows: BudgetRow[];
  texts: BudgetTexts;
  monthLabels: MonthLabel[];
  isEditable: boolean;
  onChange: (accountId: string, month: number, text: string) => void;
  caption: string;
}) {
  const byFund = funds
    .map((fund) => ({ fund, rows: rows.filter((row) => row.fund === fund) }))
    .filter((group) => group.rows.length > 0);
  return (
    // Its own scrolling box, focusable so the keyboard can scroll it when it holds no inputs.
    <div role="region" aria-label={caption} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table
        verticalSpacing={4}
        horizontalSpacing="xs"
        miw={isEditable ? 1400 : 1200}
        withRowBorders={false}
        styles={{ th: cellRule, td: cellRule }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={stickyCell}>Account</Table.Th>
            {monthLabels.map((month) => (
              <Table.Th key={month.long} style={amountCell}>
                <abbr title={month.long} style={{ textDecoration: 'none' }}>
                  {month.short}
                </abbr>
              </Table.Th>
            ))}
            <Table.Th style={amountCell}>Year</Table.Th>
          </Table.Tr>
        </Table.Thead>
        {byFund.map(({ fund, rows: fundRows }) => (
          <Table.Tbody key={fund}>
            <Table.Tr>
              {/* The fund's name in the sticky column, so it stays in view as the months scroll. */}
              <Table.Th scope="rowgroup" style={stickyCell} pt="md">
                <Text fw={700} span>
                  {fundLabels[fund]} fund
                </Text>
              </Table.Th>
              <Table.Td colSpan={13} />
            </Table.Tr>
            {fundRows.map((row) => (
              <BudgetGridRow
                key={row.accountId}
                row={row}
                months={monthsOf(texts, row.accountId)}
                monthLabels={monthLabels}
                isEditable={isEditable}
                onChange={onChange}
              />
            ))}
            <TotalRow
              label={`${fundLabels[fund]} income`}
              months={monthTotals(
                fundRows.filter((row) => row.type === 'income'),
                texts,
              )}
            />
            <TotalRow
              label={`${fundLabels[fund]} expenses`}
              months={monthTotals(
                fundRows.filter((row) => row.type === 'expense'),
                texts,
              )}
            />
          </Table.Tbody>
        ))}
      </Table>
    </div>
  );
}
