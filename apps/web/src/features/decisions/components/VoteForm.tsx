import { abstainChoice, type DecisionItem } from '@commonwise/contracts';
import { Alert, Button, Group, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useCastVote } from '../api.ts';
import { choiceLabel } from '../labels.ts';

/**
 * A serving member's vote: one of the options or Abstain, with an optional comment. A vote cannot be
 * changed, so it is confirmed first. A refusal the form cannot fix (voted already, the item decided
 * meanwhile) goes to `onRefused`, which the page shows even once the form is gone.
 */
export function VoteForm({ item, onRefused }: { item: DecisionItem; onRefused: (message: string) => void }) {
  const [choice, setChoice] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'choice' | 'comment' | 'form', string>>>({});
  const [isConfirming, setIsConfirming] = useState(false);
  const cast = useCastVote(item.propertyId, item.id);

  const review = () => {
    if (!choice) {
      setErrors({ choice: 'Choose an option, or abstain' });
      return;
    }
    setErrors({});
    setIsConfirming(true);
  };

  const send = () =>
    cast.mutate(
      { choice: choice!, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      {
        onSuccess: () => {
          setIsConfirming(false);
          showSuccessToast(
            choice === abstainChoice
              ? 'You abstained'
              : `Your vote for “${choiceLabel(choice!, item.options)}” is cast`,
          );
        },
        onError: (failure) => {
          setIsConfirming(false);
          if (!isApiRequestError(failure)) {
            setErrors({ form: 'Something went wrong. Please try again.' });
            return;
          }
          const fields = failure.fields ?? {};
          if (fields.choice || fields.comment) {
            setErrors({ choice: fields.choice, comment: fields.comment });
            return;
          }
          // 409 (voted already, no longer open) and 403 (not a member, a conflict of interest): the item
          // is read again, and the form may go; the reason stays on the page.
          if (failure.status === 409 || failure.status === 403) onRefused(failure.message);
          else setErrors({ form: failure.message });
        },
      },
    );

  const chosenText =
    choice === abstainChoice ? 'to abstain' : `for “${choiceLabel(choice ?? '', item.options)}”`;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
      noValidate
      aria-labelledby="decision-vote"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="decision-vote">
          Your vote
        </Title>
        <Radio.Group
          label="Your choice"
          description="Your vote cannot be changed once cast."
          required
          value={choice}
          onChange={setChoice}
          error={errors.choice}
        >
          <Stack gap="xs" mt="xs">
            {item.options.map((option) => (
              <Radio key={option.key} value={option.key} label={option.label} />
            ))}
            <Radio
              value={abstainChoice}
              label="Abstain"
              description="You count as voting, but not for any option."
            />
          </Stack>
        </Radio.Group>
        <Textarea
          label="Comment (optional)"
          description="Other members see it beside your vote."
          autosize
          minRows={2}
          maxRows={8}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          error={errors.comment}
          maxLength={2000}
        />
        {errors.form ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {errors.form}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit">Cast my vote</Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={isConfirming}
        title="Cast your vote?"
        confirmLabel="Cast my vote"
        confirmColor="blue"
        isConfirming={cast.isPending}
        onConfirm={send}
        onClose={() => setIsConfirming(false)}
      >
        <Stack gap="xs">
          <Text>
            You are voting {chosenText} on “{item.title}”.
          </Text>
          <Text>A vote cannot be changed once it is cast.</Text>
        </Stack>
      </ConfirmDialog>
    </form>
  );
}
