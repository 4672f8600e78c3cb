import {
  collectionStageKindLabels,
  collectionStageKinds,
  type CollectionStage,
  type CollectionsState,
} from '@commonwise/contracts';
import {
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useSaveCollectionPolicy } from '../api.ts';
import { errorsFromFailure } from '../form-errors.ts';
import { centsFromDollars, dollarsTextOf } from '../money-input.ts';

type StageForm = {
  kind: CollectionStage['kind'];
  daysPastDue: string;
  minimum: string;
  cureDays: string;
  requiresDecision: boolean;
};

const stageFields = ['kind', 'daysPastDue', 'minBalanceCents', 'cureDays', 'requiresDecision'] as const;
const wholeDays = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : null);

/** A new association's starting ladder: the stages most policies have, the state's notice on the pre-lien. */
function suggestedStages(preLienDays: number | null): StageForm[] {
  return [
    { kind: 'reminder', daysPastDue: '15', minimum: '', cureDays: '15', requiresDecision: false },
    { kind: 'notice', daysPastDue: '45', minimum: '', cureDays: '15', requiresDecision: false },
    {
      kind: 'pre_lien',
      daysPastDue: '75',
      minimum: '',
      cureDays: String(preLienDays ?? 45),
      requiresDecision: false,
    },
    { kind: 'referral', daysPastDue: '120', minimum: '', cureDays: '30', requiresDecision: true },
  ];
}

/** Managers set the policy's stages; the server refuses a pre-lien notice shorter than the state's. */
export function CollectionPolicyDialog({
  propertyId,
  state,
  onClose,
}: {
  propertyId: string;
  state: CollectionsState;
  onClose: () => void;
}) {
  const [active, setActive] = useState(state.policy?.active ?? true);
  const [stages, setStages] = useState<StageForm[]>(
    state.policy
      ? state.policy.stages.map((stage) => ({
          kind: stage.kind,
          daysPastDue: String(stage.daysPastDue),
          minimum: stage.minBalanceCents > 0 ? dollarsTextOf(stage.minBalanceCents) : '',
          cureDays: String(stage.cureDays),
          requiresDecision: stage.requiresDecision,
        }))
      : suggestedStages(state.limits.preLienNoticeDays.days),
  );
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const save = useSaveCollectionPolicy(propertyId);
  const change = (index: number, patch: Partial<StageForm>) =>
    setStages((current) => current.map((stage, at) => (at === index ? { ...stage, ...patch } : stage)));

  const submit = () => {
    const found: Record<string, string> = {};
    const parsed = stages.map((stage, index) => {
      const daysPastDue = wholeDays(stage.daysPastDue);
      const cureDays = wholeDays(stage.cureDays);
      const minimum = stage.minimum.trim();
      const minBalanceCents =
        minimum === '' || /^0*(\.0{0,2})?$/.test(minimum) ? 0 : centsFromDollars(minimum);
      if (daysPastDue === null || daysPastDue < 1)
        found[`stages.${index}.daysPastDue`] = 'Enter a whole number of days, at least 1';
      if (cureDays === null) found[`stages.${index}.cureDays`] = 'Enter a whole number of days';
      if (minBalanceCents === null)
        found[`stages.${index}.minBalanceCents`] = 'Enter dollars and cents, like 100.00, or leave it blank';
      return {
        kind: stage.kind,
        daysPastDue: daysPastDue ?? 0,
        minBalanceCents: minBalanceCents ?? 0,
        cureDays: cureDays ?? 0,
        requiresDecision: stage.requiresDecision,
      };
    });
    if (stages.length === 0) found.stages = 'Give at least one stage';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const fields = [
      'stages',
      ...stages.flatMap((_, index) => stageFields.map((field) => `stages.${index}.${field}`)),
    ];
    save.mutate(
      { active, stages: parsed },
      {
        onSuccess: () => {
          showSuccessToast('Collections policy saved');
          onClose();
        },
        onError: (failure) => setErrors(errorsFromFailure(failure, fields)),
      },
    );
  };

  const notice = state.limits.preLienNoticeDays;
  return (
    <PortalModal opened onClose={onClose} title="Collections policy" centered size="xl">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Checkbox
            label="Run collections each night"
            checked={active}
            onChange={(event) => setActive(event.currentTarget.checked)}
          />
          <Text size="sm" c="dimmed">
            A unit reaches a stage when its oldest unpaid charge is that many days past due and at least the
            minimum is past due. It moves one stage a night, after the days to pay of the letter before.{' '}
            {notice.days !== null
              ? `A pre-lien notice must give at least ${notice.days} days (${notice.statute}).`
              : `The notice a pre-lien letter must give is not known for this state: set it from your documents and counsel.`}
          </Text>
          {stages.map((stage, index) => (
            <Card key={index} withBorder radius="md" padding="sm" component="fieldset" style={{ margin: 0 }}>
              <Text component="legend" size="sm" fw={600} px={4}>
                Stage {index + 1}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="sm">
                <NativeSelect
                  label="What it is"
                  value={stage.kind}
                  data={collectionStageKinds.map((kind) => ({
                    value: kind,
                    label: collectionStageKindLabels[kind],
                  }))}
                  onChange={(event) =>
                    change(index, { kind: event.currentTarget.value as StageForm['kind'] })
                  }
                  error={errors[`stages.${index}.kind`]}
                />
                <TextInput
                  label="Days past due"
                  inputMode="numeric"
                  required
                  value={stage.daysPastDue}
                  onChange={(event) => change(index, { daysPastDue: event.currentTarget.value })}
                  error={errors[`stages.${index}.daysPastDue`]}
                />
                <TextInput
                  label="At least past due"
                  leftSection="$"
                  inputMode="decimal"
                  value={stage.minimum}
                  onChange={(event) => change(index, { minimum: event.currentTarget.value })}
                  error={errors[`stages.${index}.minBalanceCents`]}
                />
                <TextInput
                  label="Days to pay"
                  inputMode="numeric"
                  required
                  value={stage.cureDays}
                  onChange={(event) => change(index, { cureDays: event.currentTarget.value })}
                  error={errors[`stages.${index}.cureDays`]}
                />
              </SimpleGrid>
              <Group justify="space-between" mt="xs" gap="sm" wrap="wrap">
                <Checkbox
                  label="Only after the board decides"
                  checked={stage.requiresDecision}
                  onChange={(event) => change(index, { requiresDecision: event.currentTarget.checked })}
                  error={errors[`stages.${index}.requiresDecision`]}
                />
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  onClick={() => {
                    // The errors name stages by position: after a removal they would sit on the wrong cards.
                    setErrors({});
                    setStages((current) => current.filter((_, at) => at !== index));
                  }}
                >
                  Remove stage {index + 1}
                </Button>
              </Group>
            </Card>
          ))}
          {errors.stages ? (
            <Text size="sm" c="red" role="alert">
              {errors.stages}
            </Text>
          ) : null}
          {stages.length < 8 ? (
            <Button
              variant="light"
              onClick={() =>
                setStages((current) => [
                  ...current,
                  {
                    kind: 'notice',
                    daysPastDue: String(Number(current.at(-1)?.daysPastDue ?? 0) + 30),
                    minimum: '',
                    cureDays: '15',
                    requiresDecision: false,
                  },
                ])
              }
              style={{ alignSelf: 'flex-start' }}
            >
              Add a stage
            </Button>
          ) : null}
          {errors.form ? (
            <Text size="sm" c="red" role="alert">
              {errors.form}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save the policy
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}
