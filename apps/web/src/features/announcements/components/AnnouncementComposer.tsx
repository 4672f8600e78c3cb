import {
  announcementAudienceKinds,
  announcementAudienceLabels,
  announcementBodyMax,
  announcementInputSchema,
  announcementTitleMax,
  emergencyInputSchema,
  readingLanguageEnglishNames,
  readingLanguages,
  type Announcement,
  type AnnouncementAudience,
  type AnnouncementAudienceKind,
  type AnnouncementInput,
  type EmergencyInput,
  type ReadingLanguage,
} from '@commonwise/contracts';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  Radio,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconEye, IconPencil, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DetailLoadState } from '../../../components/DetailLoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { genericErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import {
  audienceCountQueryOptions,
  audienceOptionsQueryOptions,
  manageAnnouncementPath,
  manageAnnouncementQueryOptions,
  manageAnnouncementsPagePath,
  emergencyPath,
  usePrepareEmergency,
  useCreateAnnouncement,
  useUpdateAnnouncement,
} from '../api.ts';
import { browserTimeZone, formatWhen, fromLocalInput, peopleText, toLocalInput } from '../labels.ts';
import { AssociationPicker, BackToAnnouncements, WithAuthorProperties } from './AuthorBits.tsx';
import { MarkdownLite } from './MarkdownLite.tsx';

/** An ordinary announcement, or an emergency notice (sent after a confirmation step). */
type Mode = 'announcement' | 'emergency';

type Errors = Partial<Record<'propertyId' | Field | 'form', string>>;
type Field =
  'title' | 'body' | 'audience' | 'buildings' | 'units' | 'requiresAck' | 'publishAt' | 'expiresAt';

/** Where a refusal's field (the contract's path) shows on this form. */
function fieldOf(path: string): Field | null {
  if (path.startsWith('audience.buildings')) return 'buildings';
  if (path.startsWith('audience.unitIds')) return 'units';
  if (path.startsWith('audience')) return 'audience';
  const field = path.split('.')[0];
  return field === 'title' ||
    field === 'body' ||
    field === 'requiresAck' ||
    field === 'publishAt' ||
    field === 'expiresAt'
    ? field
    : null;
}

/** The server's refusals that concern one field, when it names no field itself. */
const fieldOfCode: Record<string, Field> = {
  EMERGENCY_EXPIRED: 'expiresAt',
  PUBLISH_TIME_PAST: 'publishAt',
  EXPIRY_BEFORE_PUBLISH: 'expiresAt',
  UNKNOWN_BUILDING: 'buildings',
  UNKNOWN_UNITS: 'units',
};

/**
 * /community/announcements/new (issue 23 item 1): a new announcement for one of the associations the
 * person writes for (the address may name it: ?propertyId=).
 */
export function NewAnnouncementPage({ mode = 'announcement' }: { mode?: Mode }) {
  const [searchParams] = useSearchParams();
  return (
    <Stack gap="lg" maw={860}>
      <BackToAnnouncements propertyId={searchParams.get('propertyId')} />
      <WithAuthorProperties>
        {(properties) => (
          <ComposerForm
            mode={mode}
            properties={properties}
            initialPropertyId={
              properties.find(({ id }) => id === searchParams.get('propertyId'))?.id ??
              (properties.length === 1 ? properties[0]!.id : null)
            }
          />
        )}
      </WithAuthorProperties>
    </Stack>
  );
}

/** /community/announcements/:propertyId/:announcementId/edit: a draft or a scheduled one, changed. */
export function EditAnnouncementPage({
  propertyId,
  announcementId,
  mode = 'announcement',
}: {
  propertyId: string;
  announcementId: string;
  mode?: Mode;
}) {
  const announcement = useQuery(manageAnnouncementQueryOptions(propertyId, announcementId));
  let content;
  if (!announcement.isSuccess)
    content = (
      <DetailLoadState
        query={announcement}
        what="announcement"
        back={null}
        notFoundDescription="It may have been deleted, or it belongs to an association you do not write for."
      />
    );
  else if (announcement.data.status !== 'draft' && announcement.data.status !== 'scheduled')
    content = (
      <StatusMessage
        headingOrder={1}
        icon={<IconPencil size={32} aria-hidden />}
        title="This announcement can no longer be changed"
        description="Only drafts and scheduled announcements can be edited. Withdraw it and post a new one instead."
        actions={
          <Button component={Link} to={manageAnnouncementPath(propertyId, announcementId)} variant="light">
            Back to the announcement
          </Button>
        }
      />
    );
  else
    content = (
      <ComposerForm
        mode={announcement.data.kind === 'emergency' ? 'emergency' : mode}
        properties={[{ id: propertyId, name: announcement.data.propertyName }]}
        initialPropertyId={propertyId}
        editing={announcement.data}
      />
    );
  return (
    <Stack gap="lg" maw={860}>
      <BackToAnnouncements propertyId={propertyId} />
      {content}
    </Stack>
  );
}

function audienceOf(
  kind: AnnouncementAudienceKind,
  buildings: string[],
  unitIds: string[],
): AnnouncementAudience {
  if (kind === 'buildings') return { kind, buildings };
  if (kind === 'units') return { kind, unitIds };
  return { kind };
}

/**
 * The composer: title, text (with a preview as readers will see it), audience with how many people it
 * reaches today, acknowledgement, when it goes out and when it stops showing. The contract's rules
 * check it first; the server's refusals (a time in the past, a building that is gone) show on their
 * fields.
 */
function ComposerForm({
  mode,
  properties,
  initialPropertyId,
  editing,
}: {
  mode: Mode;
  properties: { id: string; name: string }[];
  initialPropertyId: string | null;
  editing?: Announcement;
}) {
  const isEmergency = mode === 'emergency';
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [propertyId, setPropertyId] = useState<string | null>(initialPropertyId);
  const [title, setTitle] = useState(editing?.title ?? '');
  const [body, setBody] = useState(editing?.body ?? '');
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [kind, setKind] = useState<AnnouncementAudienceKind>(editing?.audience.kind ?? 'everyone');
  const [buildings, setBuildings] = useState<string[]>(editing?.audience.buildings ?? []);
  const [unitIds, setUnitIds] = useState<string[]>(editing?.audience.units.map((unit) => unit.id) ?? []);
  const [requiresAck, setRequiresAck] = useState(editing?.requiresAck ?? false);
  const [when, setWhen] = useState<'now' | 'schedule'>(editing?.publishAt ? 'schedule' : 'now');
  const [publishAt, setPublishAt] = useState(toLocalInput(editing?.publishAt ?? null));
  // An emergency is pinned for a day unless the sender says otherwise (the initialiser runs once).
  const [expiresAt, setExpiresAt] = useState(() =>
    toLocalInput(
      editing?.expiresAt ?? (isEmergency ? new Date(Date.now() + 86_400_000).toISOString() : null),
    ),
  );
  const [language, setLanguage] = useState<ReadingLanguage>(editing?.language ?? 'en');
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement(editing?.propertyId ?? '', editing?.id ?? '');
  const prepare = usePrepareEmergency();
  const [savingAs, setSavingAs] = useState<'publish' | 'draft' | null>(null);
  const isSaving = create.isPending || update.isPending || prepare.isPending;

  const options = useQuery({
    ...audienceOptionsQueryOptions(propertyId ?? ''),
    enabled: propertyId !== null,
  });
  const audience = audienceOf(kind, buildings, unitIds);
  const isAudienceComplete =
    (kind !== 'buildings' || buildings.length > 0) && (kind !== 'units' || unitIds.length > 0);
  const [countedAudience] = useDebouncedValue(JSON.stringify(audience), 300);
  const reach = useQuery({
    ...audienceCountQueryOptions(propertyId ?? '', JSON.parse(countedAudience) as AnnouncementAudience),
    enabled: propertyId !== null && isAudienceComplete,
  });
  const timeZone = browserTimeZone();

  /** Shows the errors, on the Write tab if the text has one, and takes the focus to the first. */
  const showErrors = (found: Errors) => {
    setErrors(found);
    if (found.body) setTab('write');
    requestAnimationFrame(() => {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
    });
  };

  const onFailure = (failure: unknown) => {
    if (!isApiRequestError(failure)) {
      showErrors({ form: genericErrorMessage });
      return;
    }
    const found: Errors = {};
    for (const [key, message] of Object.entries(failure.fields ?? {})) {
      const field = fieldOf(key);
      if (field) found[field] ??= message;
    }
    const coded = fieldOfCode[failure.code];
    if (Object.keys(found).length === 0 && coded) found[coded] = failure.message;
    // A 400 only says to correct the fields; a refusal of what the fields mean (a building that is not
    // there, a time that has passed) says more than its field's few words, so it shows too.
    if (Object.keys(found).length === 0 || failure.status !== 400) found.form = failure.message;
    showErrors(found);
  };

  /** Step one of an emergency: saved unsent; the next page shows how many it reaches, and sends it. */
  const prepareEmergency = (found: Errors, typedExpiresAt: string | null) => {
    const input = { title, body, audience, requiresAck, expiresAt: typedExpiresAt ?? '' } as EmergencyInput;
    const parsed = emergencyInputSchema.safeParse(input);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path.map(String).join('.'));
        if (field) found[field] ??= issue.message;
      }
    if (Object.keys(found).length > 0 || !propertyId) {
      showErrors(found);
      return;
    }
    setErrors({});
    setSavingAs('publish');
    prepare.mutate(
      { propertyId, id: editing?.id ?? null, input },
      {
        onSuccess: (prepared) =>
          void navigate(emergencyPath(prepared.announcement.propertyId, prepared.announcement.id)),
        onError: onFailure,
      },
    );
  };

  const submit = (publish: boolean) => {
    const found: Errors = {};
    if (!propertyId) found.propertyId = 'Choose an association';
    const typedPublishAt = when === 'schedule' ? fromLocalInput(publishAt) : null;
    // A draft may keep its time open; scheduling needs one.
    if (when === 'schedule' && !typedPublishAt && (publish || publishAt))
      found.publishAt = publishAt ? 'That is not a date and time' : 'Choose when it goes out';
    const typedExpiresAt = fromLocalInput(expiresAt);
    if (expiresAt && !typedExpiresAt) found.expiresAt = 'That is not a date and time';
    if (isEmergency) {
      if (!typedExpiresAt) found.expiresAt ??= 'Say until when the emergency notice stays pinned';
      prepareEmergency(found, typedExpiresAt);
      return;
    }
    const input: AnnouncementInput = {
      title,
      body,
      audience,
      language,
      requiresAck,
      publishAt: typedPublishAt,
      expiresAt: typedExpiresAt,
      publish,
    };
    const parsed = announcementInputSchema.safeParse(input);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path.map(String).join('.'));
        if (field) found[field] ??= issue.message;
      }
    if (Object.keys(found).length > 0 || !propertyId) {
      showErrors(found);
      return;
    }
    setErrors({});
    setSavingAs(publish ? 'publish' : 'draft');
    const onSuccess = (saved: Announcement) => {
      showSuccessToast(
        saved.status === 'draft'
          ? `“${saved.title}” is saved as a draft`
          : saved.status === 'scheduled' && saved.publishAt
            ? `“${saved.title}” goes out ${formatWhen(saved.publishAt)}`
            : `“${saved.title}” is published`,
      );
      void navigate(manageAnnouncementPath(saved.propertyId, saved.id));
    };
    if (editing) update.mutate(input, { onSuccess, onError: onFailure });
    else create.mutate({ propertyId, input }, { onSuccess, onError: onFailure });
  };

  const buildingData = (options.data?.buildings ?? []).map((building) => ({
    value: building.name,
    label: `${building.name} (${building.units} ${building.units === 1 ? 'unit' : 'units'})`,
  }));
  const unitGroups = new Map<string, { value: string; label: string }[]>();
  for (const unit of options.data?.units ?? []) {
    const group = unit.building ?? 'No building';
    unitGroups.set(group, [...(unitGroups.get(group) ?? []), { value: unit.id, label: unit.label }]);
  }
  const unitData = [...unitGroups].map(([group, items]) => ({ group, items }));
  const optionsPlaceholder = (what: string, count: number) =>
    !propertyId
      ? 'Choose the association first'
      : options.isError
        ? `Failed to load the ${what}`
        : options.isPending
          ? `Loading ${what}...`
          : count === 0
            ? `The association has no ${what}`
            : `Choose ${what}`;
  const property = properties.find(({ id }) => id === propertyId);
  const primaryLabel = isEmergency ? 'Review before sending' : when === 'schedule' ? 'Schedule' : 'Publish';
  const audienceKinds = isEmergency
    ? announcementAudienceKinds.filter(
        (kind) => kind === 'everyone' || kind === 'buildings' || kind === 'units',
      )
    : announcementAudienceKinds;

  return (
    <>
      <PageHeader
        title={
          isEmergency
            ? editing
              ? 'Edit emergency notice'
              : 'New emergency notice'
            : editing
              ? 'Edit announcement'
              : 'New announcement'
        }
        description={
          isEmergency
            ? 'It goes to everyone it concerns at once, by in-app notice and e-mail, at any hour, and stays pinned until it expires. You review the number of people it reaches before it goes.'
            : property
              ? `For the people of ${property.name}.`
              : 'Choose the association, then write what its people need to know.'
        }
      />
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit(true);
        }}
      >
        <Card withBorder radius="lg" padding="lg" style={{ minWidth: 0 }}>
          <Stack gap="lg">
            {editing ? null : (
              <AssociationPicker
                properties={properties}
                value={propertyId}
                error={errors.propertyId}
                onChange={(next) => {
                  setPropertyId(next);
                  setBuildings([]);
                  setUnitIds([]);
                }}
              />
            )}
            <TextInput
              label="Title"
              required
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              error={errors.title}
              maxLength={announcementTitleMax}
            />
            {isEmergency ? null : (
              <Select
                label="Written in"
                description="The original is the official text. Add translations once it is saved."
                data={readingLanguages.map((code) => ({
                  value: code,
                  label: readingLanguageEnglishNames[code],
                }))}
                value={language}
                onChange={(value) => value && setLanguage(value as ReadingLanguage)}
                allowDeselect={false}
                maw={{ base: '100%', xs: 280 }}
              />
            )}
            <Tabs value={tab} onChange={(next) => setTab(next === 'preview' ? 'preview' : 'write')}>
              <Tabs.List aria-label="Message">
                <Tabs.Tab value="write" leftSection={<IconPencil size={16} aria-hidden />}>
                  Write
                </Tabs.Tab>
                <Tabs.Tab value="preview" leftSection={<IconEye size={16} aria-hidden />}>
                  Preview
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="write" pt="sm">
                <Textarea
                  label="Message"
                  required
                  description="A blank line starts a new paragraph. **bold**, *italic*, lists with “- ” or “1. ”, links as [text](https://…)."
                  autosize
                  minRows={8}
                  maxRows={24}
                  value={body}
                  onChange={(event) => setBody(event.currentTarget.value)}
                  error={errors.body}
                  maxLength={announcementBodyMax}
                />
                <Text size="xs" ta="right" mt={4} c={body.length >= announcementBodyMax ? 'red.8' : 'dimmed'}>
                  {body.length.toLocaleString('en-US')} of {announcementBodyMax.toLocaleString('en-US')}{' '}
                  characters
                </Text>
              </Tabs.Panel>
              <Tabs.Panel value="preview" pt="sm">
                <Card withBorder radius="md" padding="md" bg="gray.0" style={{ minWidth: 0 }}>
                  {body.trim() ? (
                    <MarkdownLite source={body} />
                  ) : (
                    <Text c="dimmed">Nothing to preview yet: write the message first.</Text>
                  )}
                </Card>
              </Tabs.Panel>
            </Tabs>

            <Radio.Group
              label="Who is it for"
              required
              value={kind}
              onChange={(value) => setKind(value as AnnouncementAudienceKind)}
              error={errors.audience}
            >
              <Stack gap="xs" mt={6}>
                {audienceKinds.map((audienceKind) => (
                  <Radio
                    key={audienceKind}
                    value={audienceKind}
                    label={announcementAudienceLabels[audienceKind]}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {kind === 'buildings' ? (
              <MultiSelect
                label="Buildings"
                required
                placeholder={optionsPlaceholder('buildings', buildingData.length)}
                data={buildingData}
                value={buildings}
                onChange={setBuildings}
                error={errors.buildings}
                disabled={!propertyId || buildingData.length === 0}
                searchable
                nothingFoundMessage="No building matches"
                clearable
              />
            ) : null}
            {kind === 'units' ? (
              <MultiSelect
                label="Units"
                required
                placeholder={optionsPlaceholder('units', options.data?.units.length ?? 0)}
                data={unitData}
                value={unitIds}
                onChange={setUnitIds}
                error={errors.units}
                disabled={!propertyId || (options.data?.units.length ?? 0) === 0}
                searchable
                limit={100}
                maxValues={500}
                nothingFoundMessage="No unit matches"
                clearable
              />
            ) : null}
            <Group gap="xs" wrap="nowrap" aria-live="polite">
              <IconUsers size={18} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" fw={500}>
                {!propertyId || !isAudienceComplete
                  ? kind === 'buildings'
                    ? 'Choose the buildings to see how many people it reaches.'
                    : kind === 'units'
                      ? 'Choose the units to see how many people it reaches.'
                      : 'Choose the association to see how many people it reaches.'
                  : reach.isError
                    ? 'Could not count the people it reaches.'
                    : reach.data
                      ? `Reaches ${peopleText(reach.data.people)} today`
                      : 'Counting the people it reaches...'}
              </Text>
            </Group>

            <Checkbox
              label="Ask readers to acknowledge"
              description="Each person is asked to confirm they read it, and you see who has not. Use it for what everyone must know, such as a water shut-off."
              checked={requiresAck}
              onChange={(event) => setRequiresAck(event.currentTarget.checked)}
              error={errors.requiresAck}
            />

            {isEmergency ? null : (
              <>
                <Radio.Group
                  label="When does it go out"
                  value={when}
                  onChange={(value) => setWhen(value === 'schedule' ? 'schedule' : 'now')}
                >
                  <Stack gap="xs" mt={6}>
                    <Radio value="now" label="Publish now" />
                    <Radio value="schedule" label="Schedule" />
                  </Stack>
                </Radio.Group>
                {when === 'schedule' ? (
                  <TextInput
                    type="datetime-local"
                    label="Publish on"
                    required
                    description={`In your time zone (${timeZone}).`}
                    value={publishAt}
                    onChange={(event) => setPublishAt(event.currentTarget.value)}
                    error={errors.publishAt}
                    maw={{ base: '100%', xs: 280 }}
                  />
                ) : null}
              </>
            )}
            <TextInput
              type="datetime-local"
              label={isEmergency ? 'Pinned until' : 'Stop showing it on'}
              required={isEmergency}
              description={
                isEmergency
                  ? `When the emergency should be over; the all-clear ends it sooner. In your time zone (${timeZone}).`
                  : `Optional: leave empty to keep it until you withdraw it. In your time zone (${timeZone}).`
              }
              value={expiresAt}
              onChange={(event) => setExpiresAt(event.currentTarget.value)}
              error={errors.expiresAt}
              maw={{ base: '100%', xs: 420 }}
            />

            {errors.form ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertTriangle size={18} aria-hidden />}
                role="alert"
              >
                {errors.form}
              </Alert>
            ) : null}
            {editing?.status === 'scheduled' ? (
              <Text size="sm" c="dimmed">
                Saving it as a draft takes it off the schedule until you publish or schedule it again.
              </Text>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button
                component={Link}
                to={
                  editing
                    ? isEmergency
                      ? emergencyPath(editing.propertyId, editing.id)
                      : manageAnnouncementPath(editing.propertyId, editing.id)
                    : manageAnnouncementsPagePath({ propertyId })
                }
                variant="subtle"
                disabled={isSaving}
              >
                Cancel
              </Button>
              {isEmergency ? null : (
                <Button
                  variant="default"
                  onClick={() => submit(false)}
                  loading={isSaving && savingAs === 'draft'}
                  disabled={isSaving && savingAs !== 'draft'}
                >
                  Save draft
                </Button>
              )}
              <Button
                type="submit"
                loading={isSaving && savingAs === 'publish'}
                disabled={isSaving && savingAs !== 'publish'}
              >
                {primaryLabel}
              </Button>
            </Group>
          </Stack>
        </Card>
      </form>
    </>
  );
}
