import { Alert, Button, Grid, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconChartBar, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { assistantAnalyticsQueryOptions } from '../api.ts';
import {
  browserTimeZone,
  defaultPeriodDays,
  lastDays,
  periodProblem,
  quickPeriodOf,
  quickPeriods,
} from '../period.ts';
import {
  AnsweredByCard,
  CitationsCard,
  EmergenciesCard,
  HandoversCard,
  IntentsCard,
  LanguagesCard,
  UnansweredQuestionsCard,
} from './FigureCards.tsx';
import { HeadlineTiles, HeadlineTilesSkeleton } from './HeadlineTiles.tsx';

const allProperties = 'all';

/** Where a property's documents are managed: admins on the property page, managers on its documents page. */
function documentsPathFor(role: string) {
  return (propertyId: string) =>
    role === 'admin'
      ? `/admin-portal/properties/${propertyId}`
      : `/manager-portal/properties/${propertyId}/documents`;
}

/**
 * /admin-portal/analytics (issue 16, item 10): the assistant's own figures for a period and a
 * property — admins for every property, managers for those they manage. The period and property are
 * in the address, so a view can be shared and the back button works.
 */
export function AssistantAnalyticsPage() {
  const user = useSignedInUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const defaults = lastDays(defaultPeriodDays);
  const from = searchParams.get('from') ?? defaults.from;
  const to = searchParams.get('to') ?? defaults.to;
  const propertyId = searchParams.get('property') ?? undefined;
  const [timeZone] = useState(browserTimeZone);
  // What is typed in the date fields; the address changes only when the period can be asked for.
  const [draft, setDraft] = useState({ from, to });
  const [draftFor, setDraftFor] = useState({ from, to });
  if (draftFor.from !== from || draftFor.to !== to) {
    // The address changed (a quick choice, back button): the fields follow it.
    setDraftFor({ from, to });
    setDraft({ from, to });
  }
  const problem = periodProblem(draft.from, draft.to);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearchParams(next);
  };
  const changeDate = (field: 'from' | 'to', value: string) => {
    const changed = { ...draft, [field]: value };
    setDraft(changed);
    if (periodProblem(changed.from, changed.to) === null) update({ from: changed.from, to: changed.to });
  };

  const analytics = useQuery(assistantAnalyticsQueryOptions({ from, to, propertyId, timeZone }));
  const data = analytics.data;
  const activeQuickPeriod = quickPeriodOf({ from, to });
  const isPropertyMissing =
    analytics.isError && isApiRequestError(analytics.error) && analytics.error.status === 404;
  const allLabel = data?.scope.isAllProperties === false ? 'All my properties' : 'All properties';
  const propertyOptions = [
    { value: allProperties, label: allLabel },
    ...(data?.scope.properties ?? []).map((property) => ({ value: property.id, label: property.name })),
  ];

  return (
    <>
      <PageHeader
        title="Assistant analytics"
        description="What the AI assistant did with residents' messages, counted from every message it answered."
      />
      <Stack gap="lg" maw={1280}>
        <Paper withBorder radius="lg" p="md" component="section" aria-label="Period and property">
          <Group align="flex-end" gap="md" wrap="wrap">
            <Group gap="xs" wrap="wrap" role="group" aria-label="Quick periods">
              {quickPeriods.map((days) => (
                <Button
                  key={days}
                  variant={activeQuickPeriod === days ? 'filled' : 'default'}
                  aria-pressed={activeQuickPeriod === days}
                  onClick={() => update(lastDays(days))}
                >
                  Last {days} days
                </Button>
              ))}
            </Group>
            <Group gap="sm" wrap="wrap" align="flex-start">
              <TextInput
                type="date"
                label="From"
                value={draft.from}
                max={draft.to || undefined}
                onChange={(event) => changeDate('from', event.currentTarget.value)}
                error={problem === 'Choose a start date' ? problem : undefined}
                w={170}
              />
              <TextInput
                type="date"
                label="To"
                value={draft.to}
                min={draft.from || undefined}
                onChange={(event) => changeDate('to', event.currentTarget.value)}
                error={problem && problem !== 'Choose a start date' ? problem : undefined}
                w={170}
              />
            </Group>
            <Select
              label="Property"
              data={propertyOptions}
              value={propertyId ?? allProperties}
              onChange={(value) => update({ property: !value || value === allProperties ? null : value })}
              allowDeselect={false}
              searchable
              nothingFoundMessage="No property by that name"
              disabled={!data}
              w={{ base: '100%', xs: 260 }}
            />
          </Group>
          <Text size="xs" c="dimmed" mt="sm">
            {formatDate(from)} to {formatDate(to)}, days in your time zone ({timeZone}).
          </Text>
        </Paper>

        {isPropertyMissing ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconInfoCircle size={20} aria-hidden />}
            title="Property not found"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">That property does not exist or is not one you can see.</Text>
              <Button variant="light" size="xs" onClick={() => update({ property: null })}>
                Show all properties
              </Button>
            </Stack>
          </Alert>
        ) : analytics.isError && !data ? (
          <ErrorState
            title="Failed to load the figures"
            description={getErrorMessage(analytics.error)}
            onRetry={() => void analytics.refetch()}
            isRetrying={analytics.isFetching}
          />
        ) : null}

        {analytics.isFetching && data ? (
          <Group gap="xs" role="status" aria-live="polite">
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed">
              Updating figures...
            </Text>
          </Group>
        ) : null}

        {data ? (
          <Stack gap="lg" style={{ opacity: analytics.isPlaceholderData ? 0.6 : 1 }}>
            <HeadlineTiles data={data} />
            {data.conversations.total === 0 ? (
              <Paper withBorder radius="lg">
                <StatusMessage
                  icon={<IconChartBar size={32} aria-hidden />}
                  title="No conversations in this period"
                  description={
                    data.scope.properties.length === 0 && !data.scope.isAllProperties
                      ? 'You do not manage any properties yet. Once an admin assigns you to one, its figures appear here.'
                      : 'When residents write to the AI assistant, what it did with each message is counted here. Try a longer period or another property.'
                  }
                />
              </Paper>
            ) : (
              <>
                <Grid gap="lg">
                  <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
                    <HandoversCard data={data} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
                    <CitationsCard data={data} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
                    <EmergenciesCard data={data} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
                    <IntentsCard data={data} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
                    <LanguagesCard data={data} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 6, lg: 4 }}>
                    <AnsweredByCard data={data} />
                  </Grid.Col>
                </Grid>
                <UnansweredQuestionsCard data={data} documentsPathOf={documentsPathFor(user.role)} />
              </>
            )}
            <Text size="xs" c="dimmed">
              How these are counted: a conversation counts when a resident wrote in it during the period, and
              is resolved without a person when none of its messages in the period was handed to staff. Reply
              time runs from a resident's message arriving to the assistant's reply being saved. Time to a
              work order runs from the first message of the request to the reply that opened it. Medians and
              p95 are interpolated (percentile_cont).
            </Text>
          </Stack>
        ) : analytics.isPending ? (
          <HeadlineTilesSkeleton />
        ) : null}
      </Stack>
    </>
  );
}
