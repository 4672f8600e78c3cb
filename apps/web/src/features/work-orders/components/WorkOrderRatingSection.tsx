import type { WorkOrder, WorkOrderRating } from '@commonwise/contracts';
import {
  Alert,
  Button,
  Divider,
  Group,
  Loader,
  Paper,
  Rating,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { useRateWorkOrder, workOrderRatingQueryOptions } from '../api.ts';

export const ratingCommentMaxLength = 1000;

/** What each number of stars means, said beside the stars and read out as they change. */
export const ratingWords: Record<number, string> = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very good',
  5: 'Excellent',
};

const starLabel = (value: number) =>
  value === 0 ? 'No rating' : `${value} ${value === 1 ? 'star' : 'stars'}: ${ratingWords[value]}`;

/**
 * The resident's rating of completed work (issue 24 item 5), in the work room's details and the work
 * order's drawer. The resident who asked rates it once ("How did it go?"); the association's managers,
 * board and admins read it; the vendor sees nothing (the server answers them no rating). Shown only once
 * the work order is completed.
 */
export function WorkOrderRatingSection({
  workOrder,
  withDivider = false,
}: {
  workOrder: Pick<WorkOrder, 'id' | 'status'>;
  /** A divider above it, when it shows anything (the room's panel separates its sections so). */
  withDivider?: boolean;
}) {
  const viewer = useSignedInUser();
  // Said above the rating when the resident had rated it already elsewhere (another tab, another device).
  const [notice, setNotice] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const isCompleted = workOrder.status === 'completed';
  const state = useQuery({
    ...workOrderRatingQueryOptions(workOrder.id),
    enabled: isCompleted && viewer.role !== 'vendor',
  });
  if (!isCompleted || viewer.role === 'vendor') return null;
  const data = state.data;
  // A resident who may not rate it (not the one who asked) and sees no rating is shown nothing.
  if (data && !data.canRate && !data.rating && viewer.role === 'resident') return null;
  // The form goes once the rating is sent: the heading takes the focus, so the result is read next.
  const focusHeading = () => requestAnimationFrame(() => headingRef.current?.focus());

  let title = 'Rating';
  let content: ReactNode;
  if (state.isPending)
    content = (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          Loading the rating...
        </Text>
      </Group>
    );
  else if (state.isError)
    content = (
      <Alert color="red" variant="light" p="xs">
        <Stack gap={6} align="flex-start">
          <Text size="sm">The rating could not be loaded: {getErrorMessage(state.error)}</Text>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            onClick={() => void state.refetch()}
            loading={state.isFetching}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  else if (state.data.canRate) {
    title = 'How did it go?';
    content = (
      <RateForm
        workOrderId={workOrder.id}
        onRated={focusHeading}
        onAlreadyRated={(message) => {
          setNotice(message);
          focusHeading();
        }}
      />
    );
  } else if (state.data.rating) {
    const isOwn = state.data.rating.ratedBy?.id === viewer.id;
    title = isOwn ? 'Your rating' : 'Resident’s rating';
    content = <GivenRating rating={state.data.rating} isOwn={isOwn} />;
  } else {
    title = 'Resident’s rating';
    content = (
      <Text size="sm" c="dimmed">
        The resident has not rated this work yet.
      </Text>
    );
  }

  return (
    <>
      {withDivider ? <Divider /> : null}
      <Stack gap="xs" component="section" aria-labelledby={titleId}>
        <Title order={3} size="h5" id={titleId} ref={headingRef} tabIndex={-1} style={{ outlineOffset: 2 }}>
          {title}
        </Title>
        {notice && !data?.canRate ? (
          <Alert color="yellow" variant="light" p="xs">
            {notice}
          </Alert>
        ) : null}
        {content}
      </Stack>
    </>
  );
}

/** The rating given: "You rated this work 4 of 5", the stars, the comment and the day. */
function GivenRating({ rating, isOwn }: { rating: WorkOrderRating; isOwn: boolean }) {
  const who = isOwn ? 'You' : (rating.ratedBy?.fullName ?? 'The resident');
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <Rating
          value={rating.rating}
          readOnly
          size="sm"
          role="img"
          aria-label={`${rating.rating} of 5 stars`}
        />
        <Text size="sm" fw={600}>
          {who} rated this work {rating.rating} of 5
        </Text>
      </Group>
      {rating.comment ? (
        <Paper withBorder radius="md" p="xs" component="blockquote" m={0}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {rating.comment}
          </Text>
        </Paper>
      ) : null}
      <Text size="xs" c="dimmed">
        {rating.vendorName ? `Work by ${rating.vendorName} · rated` : 'Rated'} {formatDate(rating.createdAt)}
        {isOwn ? ' · the vendor does not see your rating' : ' · not shown to the vendor'}
      </Text>
    </Stack>
  );
}

const isFieldRefusal = (error: unknown) =>
  isApiRequestError(error) &&
  error.status === 400 &&
  (error.fields?.rating !== undefined || error.fields?.comment !== undefined);

/** The resident's 1–5 stars and optional comment, sent once. */
function RateForm({
  workOrderId,
  onRated,
  onAlreadyRated,
}: {
  workOrderId: string;
  onRated: () => void;
  /** The rating was given already: the section shows it, with the server's words. */
  onAlreadyRated: (message: string) => void;
}) {
  const rate = useRateWorkOrder(workOrderId);
  const state = useQuery(workOrderRatingQueryOptions(workOrderId));
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [starsError, setStarsError] = useState<string | null>(null);
  const [commentError, setCommentError] = useState<string | null>(null);
  const labelId = useId();
  const wordsId = useId();
  const length = [...comment.trim()].length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stars < 1) return setStarsError('Choose 1 to 5 stars');
    if (length > ratingCommentMaxLength)
      return setCommentError(`The comment must be at most ${ratingCommentMaxLength} characters`);
    setStarsError(null);
    setCommentError(null);
    const trimmed = comment.trim();
    rate.mutate(
      { rating: stars, ...(trimmed ? { comment: trimmed } : {}) },
      {
        onSuccess: onRated,
        onError: (error) => {
          if (!isApiRequestError(error)) return;
          if (error.code === 'ALREADY_RATED') {
            onAlreadyRated(error.message);
            void state.refetch();
            return;
          }
          // A refusal of a field is shown on it; any other (not completed any more) below the form.
          if (error.status === 400 && error.fields?.rating) setStarsError(error.fields.rating);
          if (error.status === 400 && error.fields?.comment) setCommentError(error.fields.comment);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Rate the work from 1 to 5 stars. Your rating helps the association choose vendors; the vendor does
          not see it.
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id={labelId}>
            Your rating{' '}
            <Text span c="red" aria-hidden>
              *
            </Text>
          </Text>
          {/*
            Mantine's Rating sets its value on a click, Space or Enter; an arrow key only moves its
            highlight. The change event bubbling from its radio inputs makes the arrows choose too.
          */}
          <Group
            gap="sm"
            wrap="wrap"
            onChange={(event) => {
              const value = Number((event.target as HTMLInputElement).value);
              if (Number.isInteger(value) && value >= 0 && value <= 5) {
                setStars(value);
                if (value > 0) setStarsError(null);
              }
            }}
          >
            <Rating
              value={stars}
              onChange={(value) => {
                setStars(value);
                if (value > 0) setStarsError(null);
              }}
              size="lg"
              role="radiogroup"
              aria-labelledby={labelId}
              aria-describedby={wordsId}
              aria-invalid={starsError ? true : undefined}
              getSymbolLabel={starLabel}
            />
            <Text size="sm" id={wordsId} aria-live="polite" c={stars ? undefined : 'dimmed'}>
              {stars ? `${stars} of 5: ${ratingWords[stars]}` : 'Not chosen yet'}
            </Text>
          </Group>
          {starsError ? (
            <Text size="xs" c="red.8" role="alert">
              {starsError}
            </Text>
          ) : null}
        </Stack>
        <Textarea
          label="Comment (optional)"
          placeholder="What went well, or what could have gone better"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={ratingCommentMaxLength}
          value={comment}
          onChange={(event) => {
            setComment(event.currentTarget.value);
            setCommentError(null);
          }}
          error={commentError}
          description={`${length} of ${ratingCommentMaxLength} characters`}
        />
        {rate.isError && !isFieldRefusal(rate.error) ? (
          <Alert color="red" variant="light" p="xs" role="alert">
            {getErrorMessage(rate.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={rate.isPending}>
            Send rating
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
