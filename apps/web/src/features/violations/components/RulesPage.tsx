import {
  formatMoney,
  violationCategoryLabels,
  violationRuleStatusLabels,
  type RuleSuggestionRun,
  type ViolationRule,
  type ViolationRuleStatus,
} from '@commonwise/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconBook2,
  IconCheck,
  IconClipboardCheck,
  IconFileSearch,
  IconGavel,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { ListPager } from '../../../components/ListPager.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import {
  enforcementStagesPagePath,
  inspectionPagePath,
  rulesPageSize,
  rulesQueryOptions,
  useDismissSuggestion,
  useReadDocumentsForRules,
  useRetireRule,
  violationsPagePath,
} from '../api.ts';
import { ordinalOf, ruleStatusColors, ruleStatusOptions } from '../labels.ts';
import { ClauseQuote } from './ClauseQuote.tsx';
import { RuleDialog } from './RuleDialog.tsx';

/**
 * An association's enforceable rules (issue 21 item 1): each tied to its clause, suggestions read from
 * the documents waiting for a manager, those in use, those retired. Managers confirm, edit, retire and
 * dismiss; the board reads (`canWrite` false: no controls at all; the server refuses them anyway).
 */
export function RulesPage({ propertyId, canWrite }: { propertyId: string; canWrite: boolean }) {
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<ViolationRuleStatus | null>(() => {
    const asked = searchParams.get('status');
    return ruleStatusOptions.find((option) => option.value === asked)?.value ?? null;
  });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ViolationRule | 'new' | null>(null);
  const [retiring, setRetiring] = useState<ViolationRule | null>(null);
  const [dismissing, setDismissing] = useState<ViolationRule | null>(null);
  const [lastRun, setLastRun] = useState<RuleSuggestionRun | null>(null);
  const rules = useQuery(rulesQueryOptions(propertyId, { q, status, page }));
  const read = useReadDocumentsForRules(propertyId);
  const retire = useRetireRule(propertyId);
  const dismiss = useDismissSuggestion(propertyId);
  const filtered = Boolean(q || status);
  const waiting = rules.data?.suggested ?? 0;
  const stagesLink = (
    <Button
      component={Link}
      to={enforcementStagesPagePath(propertyId)}
      variant="default"
      leftSection={<IconGavel size={16} aria-hidden />}
    >
      Enforcement stages
    </Button>
  );

  const readDocuments = () =>
    read.mutate(undefined, {
      onSuccess: (run) => {
        setLastRun(run);
        if (run.added > 0) {
          setStatus('suggested');
          setPage(1);
        }
      },
      onError: (error) => showFailureToast('Failed to read the documents', error),
    });

  let content: ReactNode;
  if (rules.isPending) {
    content = (
      <Group justify="center" gap="sm" p="xl" role="status">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading rules...</Text>
      </Group>
    );
  } else if (rules.isError) {
    content = (
      <ErrorState
        title="Failed to load rules"
        description={rules.error.message}
        onRetry={() => void rules.refetch()}
        isRetrying={rules.isFetching}
      />
    );
  } else if (rules.data.rules.length === 0) {
    content = (
      <StatusMessage
        icon={<IconBook2 size={32} aria-hidden />}
        title={filtered ? 'No rules match' : 'No rules yet'}
        description={
          filtered
            ? 'Try another search or status.'
            : canWrite
              ? 'Read the association’s processed CC&Rs and rules for the rules they contain, or add one the board adopted.'
              : 'The managers have not set up the association’s enforceable rules yet.'
        }
      />
    );
  } else {
    content = (
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Rules">
        {rules.data.rules.map((rule, index) => (
          <RuleItem
            key={rule.id}
            rule={rule}
            isFirst={index === 0}
            actions={
              canWrite ? (
                <RuleActions
                  rule={rule}
                  onEdit={() => setEditing(rule)}
                  onRetire={() => setRetiring(rule)}
                  onDismiss={() => setDismissing(rule)}
                />
              ) : null
            }
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {canWrite ? (
        <Group gap="sm" wrap="wrap">
          <Button
            leftSection={<IconFileSearch size={16} aria-hidden />}
            onClick={readDocuments}
            loading={read.isPending}
          >
            Read documents for rules
          </Button>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing('new')}
          >
            Add rule
          </Button>
          <Button
            component={Link}
            to={inspectionPagePath(propertyId)}
            variant="default"
            leftSection={<IconClipboardCheck size={16} aria-hidden />}
          >
            Inspection
          </Button>
          {stagesLink}
        </Group>
      ) : (
        <Group gap="sm">{stagesLink}</Group>
      )}
      {lastRun ? (
        <SuggestionRunResult run={lastRun} propertyId={propertyId} onClose={() => setLastRun(null)} />
      ) : null}
      {waiting > 0 ? (
        <Alert variant="light" color="yellow" p="sm" aria-live="polite">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {waiting === 1 ? '1 suggestion waits' : `${waiting} suggestions wait`} for a manager to confirm
              or dismiss. Nothing is enforced from a suggestion.
            </Text>
            {status !== 'suggested' ? (
              <Button
                size="compact-sm"
                variant="light"
                color="yellow"
                onClick={() => {
                  setStatus('suggested');
                  setPage(1);
                }}
              >
                Show suggestions
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : null}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Title or clause"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maxLength={100}
          style={{ flex: '1 1 14rem' }}
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={ruleStatusOptions}
          value={status}
          onChange={(value) => {
            setStatus(value as ViolationRuleStatus | null);
            setPage(1);
          }}
          clearable
          style={{ flex: '1 1 10rem', maxWidth: '16rem' }}
        />
      </Group>
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        {content}
      </Paper>
      {rules.data && !rules.isError ? (
        <ListPager
          noun="rules"
          page={page}
          pageSize={rulesPageSize}
          total={rules.data.total}
          onChange={setPage}
        />
      ) : null}
      {editing ? (
        <RuleDialog
          propertyId={propertyId}
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={retiring !== null}
        title="Retire this rule?"
        confirmLabel="Retire rule"
        isConfirming={retire.isPending}
        onClose={() => setRetiring(null)}
        onConfirm={() =>
          retiring &&
          retire.mutate(retiring.id, {
            onSuccess: (rule) => {
              showSuccessToast(`Rule “${rule.title}” retired`);
              setRetiring(null);
            },
            onError: (error) => showFailureToast('Failed to retire the rule', error),
          })
        }
      >
        {`No new violations can be recorded under “${retiring?.title ?? ''}”. Its open violations keep citing it.`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={dismissing !== null}
        title="Dismiss this suggestion?"
        confirmLabel="Dismiss suggestion"
        isConfirming={dismiss.isPending}
        onClose={() => setDismissing(null)}
        onConfirm={() =>
          dismissing &&
          dismiss.mutate(dismissing.id, {
            onSuccess: () => {
              showSuccessToast('Suggestion dismissed');
              setDismissing(null);
            },
            onError: (error) => showFailureToast('Failed to dismiss the suggestion', error),
          })
        }
      >
        {`“${dismissing?.title ?? ''}” will not be enforced and is not suggested again.`}
      </ConfirmDialog>
    </Stack>
  );
}

function SuggestionRunResult({
  run,
  propertyId,
  onClose,
}: {
  run: RuleSuggestionRun;
  propertyId: string;
  onClose: () => void;
}) {
  let text: ReactNode;
  if (run.documents === 0)
    text = (
      <>
        No processed CC&amp;Rs, rules or guidelines to read. Upload and process them on the{' '}
        <Anchor
          component={Link}
          to={`/manager-portal/properties/${encodeURIComponent(propertyId)}/documents`}
        >
          Documents
        </Anchor>{' '}
        page first.
      </>
    );
  else if (run.added === 0)
    text = `Read ${run.documents === 1 ? '1 document' : `${run.documents} documents`}: no new rules. Each clause is suggested once, whether it was confirmed, retired or dismissed.`;
  else
    text = `Read ${run.documents === 1 ? '1 document' : `${run.documents} documents`}: ${
      run.added === 1 ? '1 new suggestion' : `${run.added} new suggestions`
    } to review below.`;
  return (
    <Alert
      variant="light"
      color={run.added > 0 ? 'green' : 'blue'}
      icon={<IconCheck size={18} aria-hidden />}
      role="status"
      p="sm"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text size="sm">{text}</Text>
        <CloseButton size="sm" aria-label="Dismiss the result" onClick={onClose} />
      </Group>
    </Alert>
  );
}

function RuleItem({ rule, isFirst, actions }: { rule: ViolationRule; isFirst: boolean; actions: ReactNode }) {
  const headingId = `rule-${rule.id}`;
  return (
    <Stack
      component="li"
      gap="xs"
      p="md"
      aria-labelledby={headingId}
      style={isFirst ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Title order={2} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {rule.title}
          </Title>
          <Group gap={6}>
            <Badge variant="light" color={ruleStatusColors[rule.status]}>
              {violationRuleStatusLabels[rule.status]}
            </Badge>
            <Badge variant="outline" color="gray">
              {violationCategoryLabels[rule.category]}
            </Badge>
            {rule.healthSafety ? (
              <Badge variant="light" color="red">
                Health or safety
              </Badge>
            ) : null}
          </Group>
        </Stack>
        {actions}
      </Group>
      <ClauseQuote clause={rule.clause} lineClamp={4} />
      <Text size="sm" c="dimmed">
        {rule.curable
          ? rule.defaultCureDays === null
            ? 'Can be cured: days to cure not set yet'
            : `${rule.defaultCureDays} ${rule.defaultCureDays === 1 ? 'day' : 'days'} to cure`
          : 'Cannot be cured'}
        {' · '}
        {rule.fineScheduleCents.length === 0
          ? 'no fines'
          : `fines ${rule.fineScheduleCents
              .map((cents, index) => `${ordinalOf(index + 1)} ${formatMoney(cents)}`)
              .join(', ')}${rule.fineScheduleCents.length > 1 ? ' (the last repeats)' : ' (each time)'}`}
        {rule.openViolations > 0 ? (
          <>
            {' · '}
            <Anchor
              component={Link}
              size="sm"
              underline="always"
              to={violationsPagePath({ propertyId: rule.propertyId, ruleId: rule.id, status: 'open' })}
            >
              {rule.openViolations} open {rule.openViolations === 1 ? 'violation' : 'violations'}
            </Anchor>
          </>
        ) : null}
      </Text>
      {rule.confirmedBy && rule.status === 'confirmed' ? (
        <Text size="xs" c="dimmed">
          Confirmed by {rule.confirmedBy.fullName}
        </Text>
      ) : null}
    </Stack>
  );
}

function RuleActions({
  rule,
  onEdit,
  onRetire,
  onDismiss,
}: {
  rule: ViolationRule;
  onEdit: () => void;
  onRetire: () => void;
  onDismiss: () => void;
}) {
  if (rule.status === 'suggested')
    return (
      <Group gap="xs">
        <Button size="xs" onClick={onEdit} aria-label={`Review and confirm: ${rule.title}`}>
          Review and confirm
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={onDismiss}
          aria-label={`Dismiss: ${rule.title}`}
        >
          Dismiss
        </Button>
      </Group>
    );
  if (rule.status === 'confirmed')
    return (
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit: ${rule.title}`}>
          Edit
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={onRetire}
          aria-label={`Retire: ${rule.title}`}
        >
          Retire
        </Button>
      </Group>
    );
  return null;
}
