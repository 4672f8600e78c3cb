import { formatMoney, type VendorPerformance } from '@commonwise/contracts';
import { Anchor, Button, Group, Loader, Paper, Rating, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { managerWorkOrderPath, vendorPerformanceQueryOptions } from '../api.ts';
import { Section } from './Section.tsx';

export const notMeasured = 'Not measured yet';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "about 2 h" from a median in hours; days once it is two days or more. */
export function replyTimeText(hours: number): string {
  if (hours < 1) return 'under an hour';
  if (hours < 48) return `about ${Math.round(hours)} h`;
  return `about ${plural(Math.round(hours / 24), 'day', 'days')}`;
}

/** "about 3 days" from a median in days; hours under a day. */
export function completionTimeText(days: number): string {
  if (days < 1) return days * 24 < 1 ? 'under an hour' : `about ${Math.round(days * 24)} h`;
  return `about ${plural(Math.round(days), 'day', 'days')}`;
}

const cents = (amount: number) => formatMoney(amount, { wholeDollars: amount % 100 === 0 });

/**
 * How the company has worked (issue 24 item 5), for the staff and the board: its work orders, how soon it
 * first answers in the work room and completes (medians), residents' ratings with the latest comments, its
 * bids, its contracts against what was invoiced on them, and its invoices — over the associations the
 * reader can see.
 */
export function PerformanceSection({ companyId, companyName }: { companyId: string; companyName: string }) {
  const performance = useQuery(vendorPerformanceQueryOptions(companyId));
  return (
    <Section
      title="Performance"
      description={`How ${companyName} has worked for the associations you can see. Times are medians, so one slow job does not hide the rest.`}
    >
      {performance.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm" c="dimmed">
            Loading performance...
          </Text>
        </Group>
      ) : performance.isError ? (
        <Group gap="sm" wrap="wrap">
          <Text size="sm" c="red.8" role="alert">
            The performance could not be loaded: {getErrorMessage(performance.error)}
          </Text>
          <Button
            size="xs"
            variant="light"
            onClick={() => void performance.refetch()}
            loading={performance.isFetching}
          >
            Try again
          </Button>
        </Group>
      ) : (
        <PerformanceFigures performance={performance.data} />
      )}
    </Section>
  );
}

function PerformanceFigures({ performance }: { performance: VendorPerformance }) {
  const { workOrders, firstReplyHours, completionDays, ratings, bids, contracts, invoices } = performance;
  const overInvoiced = contracts.invoicedCents - contracts.awardedCents;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" component="dl" m={0}>
        <Figure
          label="Work orders"
          value={`${workOrders.assigned} assigned`}
          detail={`${workOrders.open} open · ${workOrders.completed} completed`}
        />
        <Figure
          label="First reply in the work room"
          value={
            firstReplyHours.median === null
              ? notMeasured
              : `Replies in ${replyTimeText(firstReplyHours.median)}`
          }
          isMissing={firstReplyHours.median === null}
          detail={
            firstReplyHours.measured > 0
              ? `Measured on ${plural(firstReplyHours.measured, 'work order', 'work orders')}, from assignment`
              : 'No reply after an assignment yet'
          }
        />
        <Figure
          label="Time to completion"
          value={
            completionDays.median === null
              ? notMeasured
              : `Completes in ${completionTimeText(completionDays.median)}`
          }
          isMissing={completionDays.median === null}
          detail={
            completionDays.measured > 0
              ? `Measured on ${plural(completionDays.measured, 'work order', 'work orders')}, from assignment`
              : 'No work order completed after an assignment yet'
          }
        />
        <Figure
          label="Residents’ ratings"
          value={
            ratings.average === null ? (
              'Not rated yet'
            ) : (
              <Group gap={6} wrap="nowrap">
                <Rating
                  value={ratings.average}
                  fractions={10}
                  readOnly
                  size="sm"
                  role="img"
                  aria-label={`${ratings.average.toFixed(1)} of 5 stars`}
                />
                <span>{ratings.average.toFixed(1)} of 5</span>
              </Group>
            )
          }
          isMissing={ratings.average === null}
          detail={
            ratings.count > 0
              ? `From ${plural(ratings.count, 'rating', 'ratings')} of completed work`
              : 'Residents rate work once it is completed'
          }
        />
        <Figure
          label="Bids"
          value={`${bids.won} won`}
          detail={`${plural(bids.invited, 'invitation', 'invitations')} · ${bids.submitted} submitted`}
        />
        <Figure
          label="Contracts awarded"
          value={cents(contracts.awardedCents)}
          detail={`${plural(contracts.count, 'contract', 'contracts')} · ${cents(contracts.invoicedCents)} invoiced against them`}
          flag={
            overInvoiced > 0 ? (
              <ToneBadge color="red" style={{ alignSelf: 'flex-start' }}>
                Invoiced {cents(overInvoiced)} over the awards
              </ToneBadge>
            ) : null
          }
        />
        <Figure
          label="Invoices"
          value={cents(invoices.totalCents)}
          detail={`${plural(invoices.count, 'invoice', 'invoices')} (not rejected) · ${cents(invoices.paidCents)} paid`}
        />
      </SimpleGrid>
      <RecentRatings recent={ratings.recent} />
    </Stack>
  );
}

/** One figure: its label, its value, what it is measured on; a flag when something needs a look. */
function Figure({
  label,
  value,
  detail,
  isMissing = false,
  flag,
}: {
  label: string;
  value: ReactNode;
  detail: string;
  isMissing?: boolean;
  flag?: ReactNode;
}) {
  return (
    // The definition list's own group: its term and descriptions are its direct children.
    <Paper withBorder radius="md" p="sm" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text
        component="dd"
        m={0}
        fw={isMissing ? 500 : 700}
        size={isMissing ? 'sm' : 'lg'}
        c={isMissing ? 'dimmed' : undefined}
        style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
      >
        {value}
      </Text>
      <Text component="dd" m={0} size="xs" c="dimmed">
        {detail}
      </Text>
      {flag ? (
        <Text component="dd" m={0}>
          {flag}
        </Text>
      ) : null}
    </Paper>
  );
}

/** The five latest ratings, newest first, each with its work order (opened in full by the staff). */
function RecentRatings({ recent }: { recent: VendorPerformance['ratings']['recent'] }) {
  const titleId = useId();
  const role = useSignedInUser().role;
  const canOpen = role === 'manager' || role === 'admin';
  return (
    <Stack gap="xs">
      <Title order={3} size="h5" id={titleId}>
        Latest ratings
      </Title>
      {recent.length === 0 ? (
        <Text size="sm" c="dimmed">
          No resident has rated this company’s work yet.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
          {recent.map((entry) => (
            <Paper component="li" key={entry.workOrderId} withBorder radius="md" p="sm">
              <Stack gap={4}>
                <Group gap="xs" wrap="wrap">
                  <Rating
                    value={entry.rating}
                    readOnly
                    size="xs"
                    role="img"
                    aria-label={`${entry.rating} of 5 stars`}
                  />
                  <Text size="xs" c="dimmed">
                    {formatDate(entry.createdAt)}
                  </Text>
                </Group>
                <Text
                  size="sm"
                  c={entry.comment ? undefined : 'dimmed'}
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  {entry.comment ?? 'No comment.'}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {'For '}
                  {canOpen ? (
                    <Anchor component={Link} to={managerWorkOrderPath(entry.workOrderId)} size="xs">
                      {entry.workOrderSummary}
                    </Anchor>
                  ) : (
                    entry.workOrderSummary
                  )}
                </Text>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
