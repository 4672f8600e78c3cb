import type { Amenity, AmenityHours } from '@commonwise/contracts';
import {
  amenityBookerKindLabels,
  amenityBookerKinds,
  amenityKindLabels,
  amenityKinds,
} from '@commonwise/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Divider,
  Group,
  List,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useSaveAmenity } from '../api.ts';
import {
  errorsFromServer,
  formOf,
  inputOf,
  isSameEveryDay,
  labelOfField,
  sameHoursFor,
  weekdayNames,
  type RulesErrors,
  type RulesForm,
} from '../rules-form.ts';
import { ClosuresEditor } from './ClosuresEditor.tsx';

/**
 * An amenity's rules as its managers keep them (issue 23 item 5), and below them its closures. What the
 * server refuses lands on the field it names, with a summary above the Save button.
 */
export function RulesEditor({
  propertyId,
  amenity,
  onDone,
}: {
  propertyId: string;
  amenity: Amenity | null;
  onDone: () => void;
}) {
  const save = useSaveAmenity(propertyId);
  const [form, setForm] = useState<RulesForm>(() => formOf(amenity));
  const [errors, setErrors] = useState<RulesErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof RulesForm>(key: K, value: RulesForm[K], errorKey: string = key) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [errorKey]: undefined }));
  };
  const zone = amenity?.timeZone ?? 'the association’s time zone';

  const submit = () => {
    setFailure(null);
    const checked = inputOf(form);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    save.mutate(
      { amenityId: amenity?.id ?? null, input: checked.input },
      {
        onSuccess: (saved) => {
          showSuccessToast(amenity ? `The rules of ${saved.name} are saved.` : `${saved.name} is added.`);
          onDone();
        },
        onError: (error) => {
          if (isApiRequestError(error) && error.fields && Object.keys(error.fields).length > 0)
            setErrors(errorsFromServer(error.fields, form));
          else setFailure(getErrorMessage(error));
        },
      },
    );
  };

  const number = (
    key: 'capacity' | 'slotMinutes' | 'minMinutes' | 'maxMinutes' | 'advanceDays',
    label: string,
    extra: { min?: number } = {},
  ) => (
    <NumberInput
      label={label}
      value={form[key]}
      min={extra.min ?? 0}
      allowDecimal={false}
      clampBehavior="none"
      onChange={(value) => set(key, value)}
      error={errors[key]}
    />
  );
  const hoursField = (key: 'leadHours' | 'cancelFreeHours', label: string) => (
    <NumberInput
      label={label}
      value={form[key]}
      min={0}
      decimalScale={2}
      clampBehavior="none"
      onChange={(value) => set(key, value)}
      error={errors[key]}
    />
  );
  const money = (key: 'fee' | 'deposit' | 'lateFee', label: string) => (
    <TextInput
      label={label}
      leftSection="$"
      inputMode="decimal"
      placeholder="0"
      value={form[key]}
      onChange={(event) => set(key, event.currentTarget.value)}
      error={errors[key]}
    />
  );
  const summary = Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1]));

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="lg">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <Title order={2} size="h4">
              {amenity ? `Rules of ${amenity.name}` : 'A new amenity'}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="Name"
                value={form.name}
                onChange={(event) => set('name', event.currentTarget.value)}
                error={errors.name}
                maxLength={100}
              />
              <Select
                label="Kind"
                data={amenityKinds.map((kind) => ({ value: kind, label: amenityKindLabels[kind] }))}
                value={form.kind}
                onChange={(value) => value && set('kind', value as RulesForm['kind'])}
                allowDeselect={false}
                error={errors.kind}
              />
              <Select
                label={amenity ? 'Use (fixed once made)' : 'Use'}
                data={[
                  { value: 'exclusive', label: 'Exclusive (one party at a time)' },
                  { value: 'shared', label: 'Shared (up to a number of people)' },
                ]}
                value={form.capacityMode}
                onChange={(value) => value && set('capacityMode', value as RulesForm['capacityMode'])}
                allowDeselect={false}
                disabled={amenity !== null}
                error={errors.capacityMode}
              />
            </SimpleGrid>
            <Textarea
              label="Description (bookers see it)"
              value={form.description}
              onChange={(event) => set('description', event.currentTarget.value)}
              error={errors.description}
              autosize
              minRows={2}
              maxLength={2000}
            />
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
              {form.capacityMode === 'shared'
                ? number('capacity', 'Capacity (people at a time)', { min: 1 })
                : null}
              {number('slotMinutes', 'Slot (minutes)', { min: 15 })}
              {number('minMinutes', 'Shortest booking (minutes)')}
              {number('maxMinutes', 'Longest booking (minutes)')}
              {hoursField('leadHours', 'Book at least (hours ahead)')}
              {number('advanceDays', 'Book at most (days ahead)', { min: 1 })}
              <NumberInput
                label="Bookings per unit per month"
                placeholder="No limit"
                min={0}
                allowDecimal={false}
                clampBehavior="none"
                value={form.monthlyLimit === 0 ? '' : form.monthlyLimit}
                onChange={(value) => set('monthlyLimit', value, 'limits')}
                error={errors.limits}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
              {money('fee', 'Fee')}
              {money('deposit', 'Refundable deposit')}
              {hoursField('cancelFreeHours', 'Free cancellation until (hours before)')}
              {money('lateFee', 'Late-cancellation fee')}
            </SimpleGrid>
            <HoursEditor
              form={form}
              errors={errors}
              zone={zone}
              onChange={(hours, isSame) => {
                setForm((current) => ({ ...current, hours, isSameEveryDay: isSame }));
                setErrors((current) =>
                  Object.fromEntries(
                    Object.entries(current).filter(
                      ([key]) => !key.startsWith('hours') && key !== 'sameOpens' && key !== 'sameCloses',
                    ),
                  ),
                );
              }}
            />
            <MultiSelect
              label="Who may book"
              data={amenityBookerKinds.map((kind) => ({ value: kind, label: amenityBookerKindLabels[kind] }))}
              value={form.eligibleKinds}
              onChange={(value) => set('eligibleKinds', value as RulesForm['eligibleKinds'])}
              error={errors.eligibleKinds}
            />
            <Stack gap="xs">
              <Checkbox
                label="The manager approves each booking"
                checked={form.approvalRequired}
                onChange={(event) => set('approvalRequired', event.currentTarget.checked)}
              />
              <Checkbox
                label="Taking bookings"
                checked={form.active}
                onChange={(event) => set('active', event.currentTarget.checked)}
              />
              <Checkbox
                label="Suspend units delinquent by law (where allowed)"
                checked={form.blockDelinquent}
                onChange={(event) => set('blockDelinquent', event.currentTarget.checked)}
                error={errors.blockDelinquent}
              />
            </Stack>
            {summary.length > 0 ? (
              <Alert color="red" title="The rules were not saved: correct these fields">
                <List size="sm" spacing={2}>
                  {summary.map(([key, message]) => (
                    <List.Item key={key}>
                      {labelOfField(key, form)}: {message}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            ) : failure ? (
              <Alert color="red" title="The rules were not saved">
                {failure}
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" loading={save.isPending}>
                {amenity ? 'Save rules' : 'Add the amenity'}
              </Button>
              <Button variant="subtle" onClick={onDone}>
                Back to the amenities
              </Button>
            </Group>
          </Stack>
        </form>
        {amenity ? (
          <>
            <Divider />
            <ClosuresEditor propertyId={propertyId} amenity={amenity} />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * Opening hours: one pair of times for every day, or each day's own periods. Hours that differ by day
 * are shown day by day, never overwritten by an every-day time the manager did not choose.
 */
function HoursEditor({
  form,
  errors,
  zone,
  onChange,
}: {
  form: RulesForm;
  errors: RulesErrors;
  zone: string;
  onChange: (hours: AmenityHours[], isSame: boolean) => void;
}) {
  const first = form.hours[0];
  const differ = !isSameEveryDay(form.hours);
  const setPeriod = (index: number, part: 'opens' | 'closes', value: string) =>
    onChange(
      form.hours.map((item, at) => (at === index ? { ...item, [part]: value } : item)),
      false,
    );
  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" size="sm" fw={600} p={0}>
        Opening hours ({zone})
      </Text>
      <Checkbox
        label="The same hours every day"
        description={
          !form.isSameEveryDay && differ
            ? `The days have their own hours now: checking this gives every day ${first ? `${weekdayNames[first.weekday - 1]}'s` : 'the same'} hours.`
            : undefined
        }
        checked={form.isSameEveryDay}
        onChange={(event) =>
          event.currentTarget.checked ? onChange(sameHoursFor(form.hours), true) : onChange(form.hours, false)
        }
      />
      <Text size="xs" c="dimmed">
        A closing time of 00:00 is midnight, the end of the day.
      </Text>
      {errors.hours ? (
        <Text size="sm" c="red.9" role="alert">
          {errors.hours}
        </Text>
      ) : null}
      {form.isSameEveryDay ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <TextInput
            type="time"
            label="Opens"
            value={first?.opens ?? ''}
            onChange={(event) =>
              onChange(sameHoursFor(form.hours, { opens: event.currentTarget.value }), true)
            }
            error={errors.sameOpens}
          />
          <TextInput
            type="time"
            label="Closes"
            value={first?.closes ?? ''}
            onChange={(event) =>
              onChange(sameHoursFor(form.hours, { closes: event.currentTarget.value }), true)
            }
            error={errors.sameCloses}
          />
        </SimpleGrid>
      ) : (
        <Stack gap={6}>
          {weekdayNames.map((day, dayIndex) => {
            const weekday = dayIndex + 1;
            const periods = form.hours
              .map((item, index) => ({ item, index }))
              .filter(({ item }) => item.weekday === weekday);
            return (
              <Group key={day} align="flex-start" gap="sm" wrap="wrap">
                <Text size="sm" w={90} pt={{ base: 0, xs: periods.length > 0 ? 30 : 6 }}>
                  {day}
                </Text>
                <Stack gap={6} style={{ flex: 1 }}>
                  {periods.length === 0 ? (
                    <Text size="sm" c="dimmed" pt={6}>
                      Closed
                    </Text>
                  ) : (
                    periods.map(({ item, index }) => (
                      <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
                        <TextInput
                          type="time"
                          label="Opens"
                          aria-label={`Opens on ${day}`}
                          value={item.opens}
                          onChange={(event) => setPeriod(index, 'opens', event.currentTarget.value)}
                          error={errors[`hours.${index}.opens`]}
                          style={{ flex: 1, maxWidth: 160 }}
                        />
                        <TextInput
                          type="time"
                          label="Closes"
                          aria-label={`Closes on ${day}`}
                          value={item.closes}
                          onChange={(event) => setPeriod(index, 'closes', event.currentTarget.value)}
                          error={errors[`hours.${index}.closes`]}
                          style={{ flex: 1, maxWidth: 160 }}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          mt={28}
                          aria-label={`Remove ${item.opens}–${item.closes} on ${day}`}
                          onClick={() =>
                            onChange(
                              form.hours.filter((_, at) => at !== index),
                              false,
                            )
                          }
                        >
                          <IconX size={16} aria-hidden />
                        </ActionIcon>
                      </Group>
                    ))
                  )}
                  <Group>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconPlus size={14} aria-hidden />}
                      aria-label={periods.length === 0 ? `Open this day, ${day}` : `Add hours on ${day}`}
                      onClick={() =>
                        onChange([...form.hours, { weekday, opens: '08:00', closes: '20:00' }], false)
                      }
                    >
                      {periods.length === 0 ? 'Open this day' : 'Add hours'}
                    </Button>
                  </Group>
                </Stack>
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
