import { formatMoney, type FinanceSummary } from '@commonwise/contracts';
import { Anchor, Card, Group, Loader, Paper, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { boardAssociationsQueryOptions } from '../../portals/index.ts';
import {
  balancesPagePath,
  booksPagePath,
  budgetPagePath,
  financeSummaryQueryOptions,
  reportPagePath,
} from '../api.ts';

/** Summary figures, to the dollar. */
const dollars = (cents: number) => formatMoney(cents, { wholeDollars: true });

/**
 * The board portal's Financial Dashboard (issue 20, item 7): for an association whose board the person
 * sits on, the operating fund's expenses and income this fiscal year to date against the adopted budget,
 * what the reserve fund holds, and what owners owe — all from the association's books.
 */
export function BoardFinanceCard() {
  const properties = useQuery(boardAssociationsQueryOptions);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = properties.data?.associations ?? [];
  const property = list.find((candidate) => candidate.id === chosen) ?? list[0];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="board-financials">
      <Group justify="space-between" align="center" gap="xs" mb="md">
        <Title order={2} size="h4" id="board-financials">
          Financial Dashboard
        </Title>
        {list.length > 1 && property ? (
          <Select
            aria-label="Association"
            data={list.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
            value={property.id}
            onChange={setChosen}
            allowDeselect={false}
            w={220}
          />
        ) : null}
      </Group>
      {properties.isPending ? (
        <Loading />
      ) : properties.isError ? (
        <ErrorState
          title="Failed to load your associations"
          onRetry={() => void properties.refetch()}
          headingOrder={3}
        />
      ) : property ? (
        <Figures key={property.id} propertyId={property.id} />
      ) : (
        <Text size="sm" c="dimmed">
          You sit on no association’s board.
        </Text>
      )}
    </Card>
  );
}

function Loading() {
  return (
    <Group gap="sm" role="status">
      <Loader size="xs" aria-hidden />
      <Text size="sm" c="dimmed">
        Loading the figures...
      </Text>
    </Group>
  );
}

function Figures({ propertyId }: { propertyId: string }) {
  const { data, isPending, isError, refetch, isRefetching } = useQuery(
    financeSummaryQueryOptions(propertyId),
  );
  if (isPending) return <Loading />;
  if (isError)
    return (
      <ErrorState
        title="Failed to load the figures"
        onRetry={() => void refetch()}
        isRetrying={isRefetching}
        headingOrder={3}
      />
    );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Fiscal year {data.fiscalYear.label} to date, as of {formatDate(data.asOf)}.
        {data.budget === 'adopted'
          ? ''
          : ` The year's budget is ${data.budget === 'draft' ? 'a draft, not adopted' : 'not made'} yet.`}
      </Text>
      <BudgetFigure
        title="Operating expenses"
        figure={data.operating.expenses}
        annualCents={data.operating.annualExpenseBudgetCents}
        spent
      />
      <BudgetFigure title="Operating income" figure={data.operating.income} annualCents={null} />
      <ReserveFigure reserve={data.reserve} />
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h6">
          Owners owe
        </Title>
        <Text fz={26} fw={700} mt={4}>
          {dollars(data.receivables.balanceCents)}
        </Text>
        <Text size="sm" c="dimmed">
          {dollars(data.receivables.pastDueCents)} past due ·{' '}
          {data.receivables.unitsPastDue === 1 ? '1 unit' : `${data.receivables.unitsPastDue} units`} past due
        </Text>
      </Paper>
      <Group gap="md">
        <Anchor component={Link} to={balancesPagePath(propertyId)} size="sm">
          Owner balances
        </Anchor>
        <Anchor component={Link} to={reportPagePath(propertyId)} size="sm">
          Monthly report
        </Anchor>
        <Anchor component={Link} to={budgetPagePath(propertyId)} size="sm">
          Budget
        </Anchor>
        <Anchor component={Link} to={booksPagePath(propertyId)} size="sm">
          Books
        </Anchor>
      </Group>
    </Stack>
  );
}

/** Actual to date against the adopted budget to date, as a bar when there is a budget. */
function BudgetFigure({
  title,
  figure,
  annualCents,
  spent = false,
}: {
  title: string;
  figure: FinanceSummary['operating']['income'];
  annualCents: number | null;
  spent?: boolean;
}) {
  const { actualCents, budgetCents } = figure;
  const share = budgetCents ? Math.round((actualCents / budgetCents) * 100) : null;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={3} size="h6">
          {title}
        </Title>
        {annualCents !== null ? (
          <Text size="sm" c="dimmed">
            {dollars(annualCents)} budgeted for the year
          </Text>
        ) : null}
      </Group>
      <Text fz={26} fw={700} mt={4}>
        {dollars(actualCents)}
        {budgetCents !== null ? (
          <Text span size="sm" c="dimmed" fw={400}>
            {' '}
            of {dollars(budgetCents)} budgeted to date
          </Text>
        ) : null}
      </Text>
      {share !== null ? (
        <>
          <Progress
            value={Math.min(share, 100)}
            color={spent && share > 100 ? 'red' : 'blue'}
            size="lg"
            radius="xl"
            mt="xs"
            aria-label={`${title}: ${share}% of the budget to date`}
          />
          <Text size="sm" c="dimmed" mt={6}>
            {share}% of the budget to date
            {budgetCents !== null && actualCents !== budgetCents
              ? ` · ${dollars(Math.abs(budgetCents - actualCents))} ${actualCents > budgetCents ? 'over' : 'under'}`
              : ''}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          No adopted budget to compare with.
        </Text>
      )}
    </Paper>
  );
}

/** What the reserve fund holds, against the target the manager recorded from the reserve study. */
function ReserveFigure({ reserve }: { reserve: FinanceSummary['reserve'] }) {
  const funded =
    reserve.targetCents === null ? null : Math.round((reserve.balanceCents / reserve.targetCents) * 100);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h6">
        Reserve fund
      </Title>
      <Text fz={26} fw={700} mt={4}>
        {dollars(reserve.balanceCents)}
        {reserve.targetCents !== null ? (
          <Text span size="sm" c="dimmed" fw={400}>
            {' '}
            of {dollars(reserve.targetCents)} target
          </Text>
        ) : null}
      </Text>
      {funded !== null ? (
        <>
          <Progress
            value={Math.min(Math.max(funded, 0), 100)}
            color="teal"
            size="lg"
            radius="xl"
            mt="xs"
            aria-label={`Reserve fund ${funded}% funded`}
          />
          <Text size="sm" c="dimmed" mt={6}>
            {funded}% funded · target from {reserve.targetSource}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          No target recorded yet: the manager records it from the reserve study on the Books page.
        </Text>
      )}
    </Paper>
  );
}
