import {
  announcementBodyMax,
  announcementTitleMax,
  announcementTranslationInputSchema,
  readingLanguageEnglishNames,
  readingLanguageNames,
  readingLanguages,
  rightToLeftLanguages,
  type Announcement,
  type ReadingLanguage,
} from '@commonwise/contracts';
import { Button, Card, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconLanguage, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { genericErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { useDeleteTranslation, useSaveTranslation } from '../api.ts';
import { formatWhen } from '../labels.ts';

const nameOf = (language: ReadingLanguage) =>
  language === 'en'
    ? 'English'
    : `${readingLanguageEnglishNames[language]} (${readingLanguageNames[language]})`;

/**
 * The announcement in other languages (issue 23 item 3), for its authors: each translation with when it
 * was last changed, to correct or remove, and a form to add one. Readers who chose a language in their
 * settings see its translation, with the original — the official text — a click away.
 */
export function Translations({ announcement }: { announcement: Announcement }) {
  const [editing, setEditing] = useState<ReadingLanguage | 'new' | null>(null);
  const canChange = announcement.status !== 'withdrawn';
  const free = readingLanguages.filter(
    (language) =>
      language !== announcement.language &&
      !announcement.translations.some((translation) => translation.language === language),
  );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Written in {readingLanguageEnglishNames[announcement.language]}: that is the official text. Readers
        who chose another language in their settings see its translation here, with the original a click away.
      </Text>
      {announcement.translations.length === 0 && editing !== 'new' ? (
        <Text size="sm">No translations yet.</Text>
      ) : null}
      {announcement.translations.map((translation) =>
        editing === translation.language ? (
          <TranslationForm
            key={translation.language}
            announcement={announcement}
            languages={[translation.language]}
            initial={translation}
            onDone={() => setEditing(null)}
          />
        ) : (
          <Card key={translation.language} withBorder radius="md" padding="md" style={{ minWidth: 0 }}>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                <Text fw={600}>{nameOf(translation.language)}</Text>
                <Text
                  size="sm"
                  lang={translation.language}
                  dir={rightToLeftLanguages.includes(translation.language) ? 'rtl' : undefined}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {translation.title}
                </Text>
                <Text size="xs" c="dimmed">
                  Last changed {formatWhen(translation.updatedAt)}
                </Text>
              </Stack>
              {canChange ? (
                <Group gap="xs">
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconPencil size={14} aria-hidden />}
                    onClick={() => setEditing(translation.language)}
                    aria-label={`Edit the ${readingLanguageEnglishNames[translation.language]} translation`}
                  >
                    Edit
                  </Button>
                  <RemoveTranslation announcement={announcement} language={translation.language} />
                </Group>
              ) : null}
            </Group>
          </Card>
        ),
      )}
      {editing === 'new' ? (
        <TranslationForm announcement={announcement} languages={free} onDone={() => setEditing(null)} />
      ) : canChange && free.length > 0 && editing === null ? (
        <div>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing('new')}
          >
            Add a translation
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}

function TranslationForm({
  announcement,
  languages,
  initial,
  onDone,
}: {
  announcement: Announcement;
  languages: ReadingLanguage[];
  initial?: { language: ReadingLanguage; title: string; body: string };
  onDone: () => void;
}) {
  const [language, setLanguage] = useState<ReadingLanguage | null>(initial?.language ?? null);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [errors, setErrors] = useState<Partial<Record<'language' | 'title' | 'body' | 'form', string>>>({});
  const save = useSaveTranslation(announcement.propertyId, announcement.id);
  const rtl = language !== null && rightToLeftLanguages.includes(language);

  const submit = () => {
    const found: typeof errors = {};
    if (!language) found.language = 'Choose the language';
    const parsed = announcementTranslationInputSchema.safeParse({ title, body });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'title' || field === 'body') found[field] ??= issue.message;
      }
    if (Object.keys(found).length > 0 || !language) {
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { language, input: { title, body } },
      {
        onSuccess: () => {
          showSuccessToast(`The ${readingLanguageEnglishNames[language]} translation is saved`);
          onDone();
        },
        onError: (failure) =>
          setErrors({
            form: isApiRequestError(failure) ? failure.message : genericErrorMessage,
          }),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="md" style={{ minWidth: 0 }}>
      <form
        noValidate
        aria-label={
          initial
            ? `Edit the ${readingLanguageEnglishNames[initial.language]} translation`
            : 'New translation'
        }
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {initial ? (
            <Group gap="xs">
              <IconLanguage size={18} aria-hidden />
              <Text fw={600}>{nameOf(initial.language)}</Text>
            </Group>
          ) : (
            <Select
              label="Language"
              required
              placeholder="Choose the language"
              data={languages.map((code) => ({ value: code, label: nameOf(code) }))}
              value={language}
              onChange={(value) => setLanguage(value as ReadingLanguage | null)}
              error={errors.language}
              searchable
              maw={{ base: '100%', xs: 320 }}
            />
          )}
          <TextInput
            label="Title"
            required
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={errors.title}
            maxLength={announcementTitleMax}
            lang={language ?? undefined}
            dir={rtl ? 'rtl' : undefined}
          />
          <Textarea
            label="Message"
            required
            description="The same formatting as the original: **bold**, lists, links."
            autosize
            minRows={5}
            maxRows={18}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            error={errors.body}
            maxLength={announcementBodyMax}
            lang={language ?? undefined}
            dir={rtl ? 'rtl' : undefined}
          />
          {errors.form ? (
            <Text size="sm" c="red.9" role="alert">
              {errors.form}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="subtle" onClick={onDone} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save translation
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function RemoveTranslation({
  announcement,
  language,
}: {
  announcement: Announcement;
  language: ReadingLanguage;
}) {
  const [isConfirming, setIsConfirming] = useState(false);
  const remove = useDeleteTranslation(announcement.propertyId, announcement.id);
  const name = readingLanguageEnglishNames[language];
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        size="xs"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={() => setIsConfirming(true)}
        aria-label={`Remove the ${name} translation`}
      >
        Remove
      </Button>
      <ConfirmDialog
        opened={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={`Remove the ${name} translation?`}
        confirmLabel="Remove translation"
        isConfirming={remove.isPending}
        onConfirm={() =>
          remove.mutate(language, {
            onSuccess: () => {
              setIsConfirming(false);
              showSuccessToast(`The ${name} translation is removed`);
            },
            onError: (failure) => showFailureToast('The translation was not removed', failure),
          })
        }
      >
        {`Readers who chose ${name} will see the original instead.`}
      </ConfirmDialog>
    </>
  );
}
