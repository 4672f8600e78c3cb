import { formatMoney, invoiceLinesMax } from '@commonwise/contracts';
import { ActionIcon, Button, Flex, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { draftTotalCents, emptyLine, type DraftLine, type LineErrors } from '../line-editor.ts';

/**
 * The lines of an invoice being written: a description and an amount in dollars each, added and removed,
 * with the total worked out as they are typed (whole cents, never through a float).
 */
export function LineEditor({
  lines,
  onChange,
  errors,
  formError,
}: {
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  errors: LineErrors;
  formError?: string | undefined;
}) {
  const update = (key: number, change: Partial<DraftLine>) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, ...change } : line)));
  return (
    <Stack gap="sm" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={600} size="sm" mb={4}>
        Lines
      </Text>
      {lines.map((line, index) => (
        <Flex
          key={line.key}
          direction={{ base: 'column', sm: 'row' }}
          gap="xs"
          align={{ base: 'stretch', sm: 'flex-start' }}
          pb={{ base: 'xs', sm: 0 }}
          style={{
            borderBottom: lines.length > 1 ? '1px solid var(--mantine-color-default-border)' : undefined,
          }}
        >
          <TextInput
            label={`Line ${index + 1} description`}
            placeholder="Labour, parts, call-out…"
            maxLength={300}
            value={line.description}
            onChange={(event) => update(line.key, { description: event.currentTarget.value })}
            error={errors[line.key]?.description}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={`Line ${index + 1} amount ($)`}
              placeholder="0.00"
              inputMode="decimal"
              value={line.amount}
              onChange={(event) => update(line.key, { amount: event.currentTarget.value })}
              error={errors[line.key]?.amount}
              w={{ base: 'auto', sm: 160 }}
              style={{ flex: '1 1 auto' }}
            />
            <ActionIcon
              variant="subtle"
              color="red.9"
              size="lg"
              mt={26}
              aria-label={`Remove line ${index + 1}`}
              disabled={lines.length === 1}
              onClick={() => onChange(lines.filter((other) => other.key !== line.key))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Flex>
      ))}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={lines.length >= invoiceLinesMax}
          onClick={() => onChange([...lines, emptyLine()])}
        >
          Add line
        </Button>
        <Text fw={700} aria-live="polite">
          Total {formatMoney(draftTotalCents(lines))}
        </Text>
      </Group>
      {formError ? (
        <Text size="sm" c="red.9" role="alert">
          {formError}
        </Text>
      ) : null}
    </Stack>
  );
}
