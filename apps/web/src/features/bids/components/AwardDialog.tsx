import { formatMoney, overrideReasonMinLength, type BidRequest } from '@commonwise/contracts';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useAwardBid } from '../api.ts';
import { awardGoesToBoard } from '../comparison.ts';

export interface AwardChoice {
  bidId: string;
  companyName: string;
  amountCents: number;
}

/** What the award does, said before it is made: at once, or put to the board above its limit. */
export function awardOutcomeText(
  request: Pick<BidRequest, 'awardBoardAboveCents' | 'workOrder'>,
  choice: AwardChoice,
): string {
  if (awardGoesToBoard(choice.amountCents, request.awardBoardAboveCents))
    return request.awardBoardAboveCents === null
      ? 'The association has set no award limit, so every award is the board’s decision: this one goes to the board, and the bid is awarded when the board decides.'
      : `${formatMoney(choice.amountCents)} is above the association’s limit of ${formatMoney(request.awardBoardAboveCents)}: the award goes to the board as a decision, and the bid is awarded when the board decides.`;
  return `${formatMoney(choice.amountCents)} is within the association’s limit: the bid is awarded at once${request.workOrder ? `, ${choice.companyName} is assigned to the work order and joins its room` : ''}, and the other companies are told.`;
}

/**
 * The manager awards one bid. A company whose certificate of insurance has expired is refused by the
 * server (409 VENDOR_INSURANCE_EXPIRED): the manager may then award anyway, saying why (kept on the
 * request and recorded as an override).
 */
export function AwardDialog({
  request,
  choice,
  onClose,
}: {
  request: BidRequest;
  choice: AwardChoice;
  onClose: () => void;
}) {
  const award = useAwardBid(request.propertyId, request.id);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const done = (updated: BidRequest) => {
    showSuccessToast(
      updated.status === 'awaiting_board'
        ? `Put to the board: award to ${choice.companyName} for ${formatMoney(choice.amountCents)}`
        : `Awarded to ${choice.companyName}; the other companies are told`,
    );
    onClose();
  };

  const submit = async (overrideReason?: string) => {
    setFailure(null);
    try {
      done(await award.mutateAsync({ bidId: choice.bidId, ...(overrideReason ? { overrideReason } : {}) }));
    } catch (error) {
      if (isApiRequestError(error) && error.code === 'VENDOR_INSURANCE_EXPIRED') {
        setBlocked(error.message);
        return;
      }
      // A current certificate arrived meanwhile: the award needs no reason.
      if (overrideReason && isApiRequestError(error) && error.code === 'OVERRIDE_NOT_NEEDED') {
        await submit();
        return;
      }
      if (isApiRequestError(error) && error.fields?.overrideReason) {
        setReasonError(error.fields.overrideReason);
        return;
      }
      setFailure(getErrorMessage(error));
    }
  };

  const awardAnyway = () => {
    const length = [...reason.trim()].length;
    if (length < overrideReasonMinLength) {
      setReasonError(
        `Say in a sentence why the company is awarded anyway (at least ${overrideReasonMinLength} characters)`,
      );
      return;
    }
    void submit(reason.trim());
  };

  return (
    <PortalModal opened onClose={onClose} title="Award this bid?" centered size="lg">
      <Stack gap="md">
        <Text>
          Award “{request.title}” to <b>{choice.companyName}</b> for <b>{formatMoney(choice.amountCents)}</b>?
        </Text>
        <Text size="sm">{awardOutcomeText(request, choice)}</Text>
        {blocked ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={`${choice.companyName} was not awarded`}
          >
            <Stack gap="sm">
              <Text size="sm">{blocked}</Text>
              <Textarea
                label="Why award it anyway?"
                description="Kept on the request and in the company’s record of overrides; the vendor does not see it."
                autosize
                minRows={2}
                maxLength={500}
                value={reason}
                onChange={(event) => {
                  setReason(event.currentTarget.value);
                  setReasonError(null);
                }}
                error={reasonError}
                data-autofocus
              />
            </Stack>
          </Alert>
        ) : null}
        {failure ? (
          <Text size="sm" c="red.9" role="alert">
            {failure}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={onClose}
            disabled={award.isPending}
            data-autofocus={blocked ? undefined : true}
          >
            Cancel
          </Button>
          {blocked ? (
            <Button color="red.9" loading={award.isPending} onClick={awardAnyway}>
              Award anyway
            </Button>
          ) : (
            <Button color="green.9" loading={award.isPending} onClick={() => void submit()}>
              {awardGoesToBoard(choice.amountCents, request.awardBoardAboveCents)
                ? 'Put to the board'
                : 'Award'}
            </Button>
          )}
        </Group>
      </Stack>
    </PortalModal>
  );
}
