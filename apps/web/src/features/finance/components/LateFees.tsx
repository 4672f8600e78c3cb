import {
  chargeKindLabels,
  formatMoney,
  lateChargeableKinds,
  lateFeeBasisLabels,
  type LateFeeRule,
  type LateFeeRuleInput,
  type LateFeeState,
} from '@commonwise/contracts';
import {
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { errorsFromFailure } from '../form-errors.ts';
import { lateFeesQueryOptions, useSaveLateFeeRule } from '../api.ts';
import { basisPointsFromPercent, centsFromDollars, dollarsTextOf } from '../money-input.ts';

const percentText = (basisPoints: number) => `${basisPoints / 100}%`;

/** The rule in a sentence or two, as an owner would want it explained. */
export function ruleSummary(rule: LateFeeRule): string[] {
  if (!rule.active) return ['Turned off: late charges are not charged a fee or interest.'];
  const fee = [
    rule.fixedCents ? formatMoney(rule.fixedCents) : null,
    rule.percentBp ? `${percentText(rule.percentBp)} of the late charge` : null,
  ]
    .filter(Boolean)
    .join(' plus ');
  const bounds = [
    rule.minCents !== null ? `at least ${formatMoney(rule.minCents)}` : null,
    rule.maxCents !== null ? `at most ${formatMoney(rule.maxCents)}` : null,
  ].filter(Boolean);
  const kinds = rule.appliesTo.map((kind) => chargeKindLabels[kind].toLowerCase()).join(', ');
  const lines = [
    fee
      ? `${fee}${bounds.length > 0 ? ` (${bounds.join(', ')})` : ''}, ${lateFeeBasisLabels[rule.basis].toLowerCase()}, once a charge is ${rule.graceDays} days past due.`
      : 'No late fee.',
    rule.interestAprBp
      ? `Interest of ${percentText(rule.interestAprBp)} a year on what is owed, charged monthly from ${rule.interestFromDays ?? rule.graceDays} days past due.`
      : 'No interest.',
    `On: ${kinds}. Provided by ${rule.authority}; in effect from ${formatDate(rule.effectiveFrom)} (version ${rule.version}).`,
  ];
  return lines;
}

/**
 * The association's late-fee rule (issue 20, item 3): what it charges, what the state's law allows
 * (with the statute, or that it is unknown), and what the next nightly run will charge. Managers set
 * it; the server refuses a rule above the state's caps, naming the statute.
 */
export function LateFees({ propertyId, canWrite }: { propertyId: string; canWrite: boolean }) {
  const [editing, setEditing] = useState(false);
  const { data, isPending, isError, refetch } = useQuery(lateFeesQueryOptions(propertyId));
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="late-fees">
      <Group justify="space-between" align="start" gap="sm" mb="sm" wrap="wrap">
        <div style={{ flex: '1 1 16rem' }}>
          <Title order={2} size="h4" id="late-fees">
            Late fees and interest
          </Title>
          <Text size="sm" c="dimmed">
            Charged by the nightly run at 2:00 AM, once per late charge and period.
          </Text>
        </div>
        {canWrite && data ? (
          <Button variant="default" onClick={() => setEditing(true)}>
            {data.current ? 'Change the rule' : 'Set the rule'}
          </Button>
        ) : null}
      </Group>
      {isPending ? (
        <Group gap="sm" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            Loading the late-fee rule...
          </Text>
        </Group>
      ) : isError ? (
        <ErrorState
          title="Failed to load the late-fee rule"
          onRetry={() => void refetch()}
          headingOrder={3}
        />
      ) : (
        <Stack gap="sm">
          {data.current ? (
            ruleSummary(data.current).map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))
          ) : (
            <Text size="sm">No rule has been set: late charges are not charged a fee or interest.</Text>
          )}
          <StateLaw state={data} />
          <Text size="sm" role="status">
            {data.nextRun.count === 0
              ? `The run of ${formatDate(data.nextRun.on)} will charge nothing.`
              : `The run of ${formatDate(data.nextRun.on)} will charge ${data.nextRun.count} ${data.nextRun.count === 1 ? 'fee or interest charge' : 'fees and interest charges'} (${formatMoney(data.nextRun.totalCents)}): ${data.nextRun.items
                  .slice(0, 5)
                  .map((item) => `unit ${item.unitLabel} ${formatMoney(item.amountCents)}`)
                  .join(', ')}${data.nextRun.count > 5 ? ', …' : ''}.`}
          </Text>
        </Stack>
      )}
      {editing && data ? (
        <RuleDialog propertyId={propertyId} state={data} onClose={() => setEditing(false)} />
      ) : null}
    </Card>
  );
}

function StateLaw({ state }: { state: LateFeeState }) {
  const line = (what: string, limit: LateFeeState['limits']['lateFee']) =>
    limit.statute ? `${what}: ${limit.note || 'see'} (${limit.statute})` : `${what}: unknown — ${limit.note}`;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        What the state’s law says
      </Text>
      {[
        line('Late fee', state.limits.lateFee),
        line('Interest', state.limits.interest),
        line('On fines', state.limits.fines),
      ].map((text) => (
        <Text key={text} size="xs" c="dimmed">
          {text}
        </Text>
      ))}
    </Stack>
  );
}

type Errors = Partial<Record<keyof LateFeeRuleInput | 'form', string>>;
const fields: (keyof LateFeeRuleInput)[] = [
  'graceDays',
  'fixedCents',
  'percentBp',
  'minCents',
  'maxCents',
  'basis',
  'interestAprBp',
  'interestFromDays',
  'appliesTo',
  'authority',
  'effectiveFrom',
];

/** Optional amounts and percentages: blank is none; otherwise read from the text, or an error. */
const optional = <T,>(text: string, read: (text: string) => T | null): T | undefined | null =>
  text.trim() === '' ? undefined : read(text);
const wholeDays = (text: string) => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : null);

function RuleDialog({
  propertyId,
  state,
  onClose,
}: {
  propertyId: string;
  state: LateFeeState;
  onClose: () => void;
}) {
  const rule = state.current;
  const [active, setActive] = useState(rule?.active ?? true);
  const [graceDays, setGraceDays] = useState(String(rule?.graceDays ?? 15));
  const [fixed, setFixed] = useState(rule?.fixedCents ? dollarsTextOf(rule.fixedCents) : '');
  const [percent, setPercent] = useState(rule?.percentBp ? String(rule.percentBp / 100) : '');
  const [min, setMin] = useState(rule?.minCents ? dollarsTextOf(rule.minCents) : '');
  const [max, setMax] = useState(rule?.maxCents ? dollarsTextOf(rule.maxCents) : '');
  const [basis, setBasis] = useState<LateFeeRule['basis']>(rule?.basis ?? 'per_charge');
  const [interest, setInterest] = useState(rule?.interestAprBp ? String(rule.interestAprBp / 100) : '');
  const [interestFrom, setInterestFrom] = useState(String(rule?.interestFromDays ?? 30));
  const [appliesTo, setAppliesTo] = useState<string[]>(
    rule?.appliesTo ?? ['assessment', 'special_assessment'],
  );
  const [authority, setAuthority] = useState(rule?.authority ?? '');
  const [effectiveFrom, setEffectiveFrom] = useState(rule?.effectiveFrom ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveLateFeeRule(propertyId);

  const submit = () => {
    const found: Errors = {};
    const grace = wholeDays(graceDays);
    const fixedCents = optional(fixed, centsFromDollars);
    const percentBp = optional(percent, basisPointsFromPercent);
    const minCents = optional(min, centsFromDollars);
    const maxCents = optional(max, centsFromDollars);
    const interestAprBp = optional(interest, basisPointsFromPercent);
    const interestFromDays = optional(interestFrom, wholeDays);
    const money = 'Enter dollars and cents, like 10.00, or leave it blank';
    const rate = 'Enter a percentage from 0 to 100, like 10 or 12.5, or leave it blank';
    if (grace === null) found.graceDays = 'Enter a whole number of days';
    if (fixedCents === null) found.fixedCents = money;
    if (percentBp === null) found.percentBp = rate;
    if (minCents === null) found.minCents = money;
    if (maxCents === null) found.maxCents = money;
    if (interestAprBp === null) found.interestAprBp = rate;
    if (interestFromDays === null) found.interestFromDays = 'Enter a whole number of days';
    if (active && !fixedCents && !percentBp && !interestAprBp)
      found.fixedCents = 'Give a fixed fee, a percentage or an interest rate';
    if (appliesTo.length === 0) found.appliesTo = 'Choose the kinds of charge it applies to';
    if (!authority.trim()) found.authority = 'Say which clause or resolution provides it';
    if (!effectiveFrom) found.effectiveFrom = 'Choose the day it takes effect';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      {
        active,
        graceDays: grace!,
        basis,
        appliesTo: appliesTo as LateFeeRuleInput['appliesTo'],
        authority: authority.trim(),
        effectiveFrom,
        ...(fixedCents ? { fixedCents } : {}),
        ...(percentBp ? { percentBp } : {}),
        ...(minCents ? { minCents } : {}),
        ...(maxCents ? { maxCents } : {}),
        ...(interestAprBp ? { interestAprBp, interestFromDays: interestFromDays ?? undefined } : {}),
      },
      {
        onSuccess: (saved) => {
          showSuccessToast(`Late-fee rule saved (version ${saved.current?.version ?? 1})`);
          onClose();
        },
        onError: (failure) => setErrors(errorsFromFailure(failure, fields)),
      },
    );
  };

  return (
    <PortalModal opened onClose={onClose} title="Late-fee rule" centered size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Checkbox
            label="Charge late fees and interest"
            checked={active}
            onChange={(event) => setActive(event.currentTarget.checked)}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Grace days"
              description="Days after the due date before a charge is late"
              inputMode="numeric"
              required
              value={graceDays}
              onChange={(event) => setGraceDays(event.currentTarget.value)}
              error={errors.graceDays}
            />
            <Radio.Group
              label="How often"
              value={basis}
              onChange={(value) => setBasis(value as LateFeeRule['basis'])}
              error={errors.basis}
            >
              <Stack gap={4} mt={4}>
                <Radio value="per_charge" label={lateFeeBasisLabels.per_charge} />
                <Radio value="monthly" label={lateFeeBasisLabels.monthly} />
              </Stack>
            </Radio.Group>
            <TextInput
              label="Fixed fee"
              leftSection="$"
              inputMode="decimal"
              value={fixed}
              onChange={(event) => setFixed(event.currentTarget.value)}
              error={errors.fixedCents}
            />
            <TextInput
              label="Percentage of the late charge"
              rightSection="%"
              inputMode="decimal"
              value={percent}
              onChange={(event) => setPercent(event.currentTarget.value)}
              error={errors.percentBp}
            />
            <TextInput
              label="At least"
              leftSection="$"
              inputMode="decimal"
              value={min}
              onChange={(event) => setMin(event.currentTarget.value)}
              error={errors.minCents}
            />
            <TextInput
              label="At most"
              leftSection="$"
              inputMode="decimal"
              value={max}
              onChange={(event) => setMax(event.currentTarget.value)}
              error={errors.maxCents}
            />
            <TextInput
              label="Interest, a year"
              rightSection="%"
              inputMode="decimal"
              value={interest}
              onChange={(event) => setInterest(event.currentTarget.value)}
              error={errors.interestAprBp}
            />
            <TextInput
              label="Interest from (days past due)"
              inputMode="numeric"
              value={interestFrom}
              onChange={(event) => setInterestFrom(event.currentTarget.value)}
              error={errors.interestFromDays}
            />
          </SimpleGrid>
          <Checkbox.Group
            label="On which charges"
            value={appliesTo}
            onChange={setAppliesTo}
            error={errors.appliesTo}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} mt={4}>
              {lateChargeableKinds.map((kind) => (
                <Checkbox key={kind} value={kind} label={chargeKindLabels[kind]} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Provided by"
              description="The clause or resolution, e.g. CC&Rs §6.4"
              required
              value={authority}
              onChange={(event) => setAuthority(event.currentTarget.value)}
              error={errors.authority}
              maxLength={200}
            />
            <TextInput
              type="date"
              label="In effect from"
              required
              value={effectiveFrom}
              onChange={(event) => setEffectiveFrom(event.currentTarget.value)}
              error={errors.effectiveFrom}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Saving makes a new version; fees already charged keep the version that charged them. A rule above
            the state’s caps is refused, naming the statute.
          </Text>
          {errors.form ? (
            <Text c="red" size="sm" role="alert">
              {errors.form}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save rule
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}
