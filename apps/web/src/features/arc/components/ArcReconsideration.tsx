import type { ArcRequest } from '@commonwise/contracts';
import { Anchor, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconScale, IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { decisionItemPagePath, useAskArcReconsideration } from '../api.ts';

/** Whether the request's page has anything to say about reconsideration. */
export const hasReconsiderationPart = (request: ArcRequest) =>
  request.reconsideration !== null || request.actions.includes('ask_reconsideration');

/** Where the owner's request to reconsider stands: asked, then the board's answer. */
function Standing({ request, forOwner }: { request: ArcRequest; forOwner: boolean }) {
  const asked = request.reconsideration!;
  const answer =
    asked.outcome === 'approve'
      ? `The board approved the request${asked.decidedAt ? ` on ${formatDate(asked.decidedAt)}` : ''}, replacing the first decision.`
      : asked.outcome === 'uphold'
        ? `The board upheld the decision${asked.decidedAt ? ` on ${formatDate(asked.decidedAt)}` : ''}.`
        : 'Waiting for the board’s decision.';
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {forOwner ? 'You asked' : 'The owner asked'} the board to reconsider on{' '}
        {formatDate(asked.requestedAt)}:
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {asked.reason}
      </Text>
      <Text size="sm" fw={asked.outcome ? 600 : 400} c={asked.outcome ? undefined : 'dimmed'}>
        {answer}
      </Text>
      {!forOwner && asked.itemId ? (
        <Anchor
          component={Link}
          to={decisionItemPagePath(request.propertyId, asked.itemId)}
          size="sm"
          fw={600}
        >
          <Group gap={4} component="span">
            <IconUsersGroup size={14} aria-hidden />
            Open the board’s vote
          </Group>
        </Anchor>
      ) : null}
    </Stack>
  );
}

/**
 * Reconsideration (issue 22 items 3 and 5): the owner of a denied request, or of one approved with
 * conditions, asks the board to look again, with the reason; the board votes on it as an item of its
 * own. Reviewers see the request and the way to the board's vote.
 */
export function ArcReconsideration({ request, forOwner }: { request: ArcRequest; forOwner: boolean }) {
  if (request.reconsideration) return <Standing request={request} forOwner={forOwner} />;
  if (!forOwner || !request.actions.includes('ask_reconsideration')) return null;
  return <AskForm request={request} />;
}

function AskForm({ request }: { request: ArcRequest }) {
  const ask = useAskArcReconsideration(request.id);
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const boxRef = useRef<HTMLTextAreaElement>(null);
  // The button that opened the form is gone: the focus goes to the box, not to the page.
  useEffect(() => {
    if (isOpen) boxRef.current?.focus();
  }, [isOpen]);

  if (!isOpen)
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          If you think the decision is wrong, or the conditions cannot be met, you can ask the board to
          reconsider it. Say why; the board votes on it and you are told the outcome.
        </Text>
        <Button
          variant="default"
          leftSection={<IconScale size={16} aria-hidden />}
          onClick={() => setIsOpen(true)}
        >
          Ask the board to reconsider
        </Button>
      </Stack>
    );

  const send = async () => {
    if (!reason.trim()) {
      setError('Say why the board should reconsider');
      return;
    }
    setError(null);
    try {
      await ask.mutateAsync({ reason });
      showSuccessToast('Sent to the board');
    } catch (failure) {
      setError((isApiRequestError(failure) && failure.fields?.reason) || getErrorMessage(failure));
    }
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Stack gap="sm">
        <Textarea
          label="Why should the board reconsider?"
          description="Say what the committee may have missed, or what you would change. The board reads this with the decision."
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={4000}
          required
          ref={boxRef}
        />
        <Group gap="xs">
          <Button type="submit" loading={ask.isPending}>
            Send to the board
          </Button>
          <Button variant="subtle" color="gray" onClick={() => setIsOpen(false)} disabled={ask.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
