import { overrideReasonMinLength, type VendorOption, type WorkOrder } from '@commonwise/contracts';
import {
  Alert,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Textarea,
  type ComboboxItem,
  type ComboboxItemGroup,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PortalModal } from '../../../components/PortalModal.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { getErrorMessage, isApiRequestError } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { vendorKeys } from '../../vendors/api.ts';
import { insuranceOptionText, StandingBadge } from '../../vendors/index.ts';
import { useAssignVendor, vendorOptionsQueryOptions, type OnWorkOrderSaved } from '../api.ts';
import { VendorSuggestions } from './VendorSuggestions.tsx';

export const overrideReasonMaxLength = 500;

/** "Victor Ortiz — Ortiz Plumbing & Repair · insurance expires Dec 21"; a vendor of no company by name. */
export function vendorOptionLabel(option: VendorOption, now = new Date()): string {
  const name = option.fullName || option.email;
  if (!option.company) return `${name} · no company on file`;
  return `${name} — ${option.company.name} · ${insuranceOptionText(option.insurance, now)}`;
}

/** Said under an inactive company's people in the select and under the field. */
export const inactiveCompanyText = 'Company inactive: it cannot be given new work';

type Blocked = { vendorId: string; message: string };

/**
 * The work order's vendor, chosen from every vendor account (those whose company serves the association
 * first), each with its company and insurance, under the vendors suggested for it (issue 24 item 5), whose
 * buttons assign through the same path. A vendor whose certificate has expired is refused with the
 * server's reason; the manager may then assign anyway, saying why (recorded for the staff only). An
 * inactive company's people are shown but cannot be chosen.
 */
export function VendorAssignField({
  workOrder,
  vendor,
  onSaved,
  description,
  assignedMessage,
}: {
  workOrder: Pick<WorkOrder, 'id' | 'vendorId' | 'status'>;
  /** The vendor assigned now, named even when the options no longer list them. */
  vendor: { id: string; fullName: string } | null;
  onSaved: OnWorkOrderSaved;
  description?: string;
  /** The toast once a vendor is assigned. */
  assignedMessage: string;
}) {
  const queryClient = useQueryClient();
  const assign = useAssignVendor(workOrder.id, onSaved);
  const vendors = useQuery(vendorOptionsQueryOptions(workOrder.id));
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  const [isOverriding, setIsOverriding] = useState(false);

  const options = vendors.data ?? [];
  const byId = new Map(options.map((option) => [option.id, option]));
  const item = (option: VendorOption): ComboboxItem => ({
    value: option.id,
    label: vendorOptionLabel(option),
    // An inactive company gets no new work (the server refuses it too); the vendor assigned stays shown.
    disabled: option.company?.isActive === false && option.id !== workOrder.vendorId,
  });
  const serving = options.filter((option) => option.servesProperty).map(item);
  const others = options.filter((option) => !option.servesProperty).map(item);
  // The assigned vendor stays named even if the options no longer list them.
  if (vendor && !byId.has(vendor.id)) serving.unshift({ value: vendor.id, label: vendor.fullName });
  const data: ComboboxItemGroup<ComboboxItem>[] = [
    ...(serving.length > 0 ? [{ group: 'Work for this association', items: serving }] : []),
    ...(others.length > 0 ? [{ group: 'Other vendors', items: others }] : []),
  ];
  const chosen = workOrder.vendorId ? byId.get(workOrder.vendorId) : undefined;
  const blockedOption = blocked ? byId.get(blocked.vendorId) : undefined;
  const blockedName = blockedOption ? blockedOption.fullName || blockedOption.email : 'this vendor';

  const choose = (vendorId: string | null) => {
    if (vendorId === workOrder.vendorId) return;
    setBlocked(null);
    assign.mutate(
      { vendorId },
      {
        onSuccess: (updated) =>
          showSuccessToast(updated.vendorId ? assignedMessage : 'Vendor removed from the work order'),
        onError: (error) => {
          if (vendorId && isApiRequestError(error) && error.code === 'VENDOR_INSURANCE_EXPIRED') {
            assign.reset();
            setBlocked({ vendorId, message: error.message });
          }
        },
      },
    );
  };

  return (
    <Stack gap={6}>
      {/* Work that is done or cancelled needs no one new. */}
      {workOrder.status === 'completed' || workOrder.status === 'cancelled' ? null : (
        <VendorSuggestions
          workOrderId={workOrder.id}
          assignedVendorId={workOrder.vendorId}
          isAssigning={assign.isPending}
          onAssign={choose}
        />
      )}
      <Select
        label="Vendor"
        description={description}
        placeholder={vendors.isPending ? 'Loading vendors...' : 'Not assigned'}
        data={data}
        value={workOrder.vendorId}
        clearable
        searchable
        nothingFoundMessage="No vendors found"
        disabled={assign.isPending || vendors.isPending}
        rightSection={assign.isPending ? <Loader size={14} /> : undefined}
        renderOption={({ option }) => {
          const vendorOption = byId.get(option.value);
          const warns = vendorOption && vendorOption.company && vendorOption.insurance.status !== 'current';
          const isInactive = vendorOption?.company?.isActive === false;
          return (
            <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {option.label}
                </Text>
                {isInactive ? (
                  <Text size="xs" c="dimmed">
                    {inactiveCompanyText}
                  </Text>
                ) : null}
              </Stack>
              {isInactive ? (
                <ToneBadge color="gray" style={{ flexShrink: 0 }}>
                  Inactive
                </ToneBadge>
              ) : warns ? (
                <StandingBadge standing={vendorOption.insurance} />
              ) : null}
            </Group>
          );
        }}
        error={
          assign.isError
            ? getErrorMessage(assign.error)
            : vendors.isError
              ? `The vendors could not be loaded: ${getErrorMessage(vendors.error)}`
              : undefined
        }
        onChange={choose}
        comboboxProps={{ withinPortal: true, zIndex: 400 }}
      />
      {chosen?.company && !chosen.company.isActive && !blocked ? (
        <Group gap={6} wrap="nowrap">
          <ToneBadge color="gray" style={{ flexShrink: 0 }}>
            Inactive
          </ToneBadge>
          <Text size="xs" c="dimmed">
            {chosen.company.name} is inactive: it cannot be given new work.
          </Text>
        </Group>
      ) : chosen?.company && chosen.insurance.status !== 'current' && !blocked ? (
        <Group gap={6} wrap="nowrap">
          <StandingBadge standing={chosen.insurance} label="Insurance" />
          <Text size="xs" c="dimmed">
            {chosen.company.name}
          </Text>
        </Group>
      ) : null}
      {blocked ? (
        <Alert
          color="red"
          variant="light"
          p="sm"
          role="alert"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={`${blockedName} was not assigned`}
        >
          <Stack gap="xs">
            <Text size="sm">{blocked.message}</Text>
            <Group gap="xs">
              <Button size="xs" color="red.9" onClick={() => setIsOverriding(true)}>
                Assign anyway
              </Button>
              <Button size="xs" variant="default" onClick={() => setBlocked(null)}>
                Keep as it is
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {blocked && isOverriding ? (
        <OverrideDialog
          vendorName={blockedName}
          companyName={blockedOption?.company?.name ?? null}
          message={blocked.message}
          onClose={() => setIsOverriding(false)}
          onConfirm={async (overrideReason) => {
            try {
              await assign.mutateAsync({ vendorId: blocked.vendorId, overrideReason });
              showSuccessToast(`${assignedMessage}. Your reason is kept in the internal notes.`);
            } catch (error) {
              // A current certificate arrived meanwhile: the assignment the manager wanted needs no reason.
              if (!isApiRequestError(error) || error.code !== 'OVERRIDE_NOT_NEEDED') throw error;
              await assign.mutateAsync({ vendorId: blocked.vendorId });
              showSuccessToast(`${assignedMessage}. Its insurance is in order now, so no reason was needed.`);
            }
            // The company's page lists the assignments made over an expired certificate.
            void queryClient.invalidateQueries({ queryKey: vendorKeys.all });
            setIsOverriding(false);
            setBlocked(null);
          }}
        />
      ) : null}
    </Stack>
  );
}

/**
 * The reason a manager gives for assigning a vendor whose certificate has expired: at least a sentence,
 * kept with the work order's internal notes and the company's record (never shown to the resident or the
 * vendor).
 */
function OverrideDialog({
  vendorName,
  companyName,
  message,
  onClose,
  onConfirm,
}: {
  vendorName: string;
  companyName: string | null;
  message: string;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  // Counted as people (and the server) count characters, not UTF-16 units.
  const length = [...reason.trim()].length;

  const submit = async () => {
    if (length < overrideReasonMinLength)
      return setError(
        `Say in a sentence why the vendor is assigned anyway (at least ${overrideReasonMinLength} characters)`,
      );
    if (length > overrideReasonMaxLength)
      return setError(`The reason must be at most ${overrideReasonMaxLength} characters`);
    setError(null);
    setFailure(null);
    setIsSaving(true);
    try {
      await onConfirm(reason.trim());
    } catch (caught) {
      if (isApiRequestError(caught) && caught.fields?.overrideReason) setError(caught.fields.overrideReason);
      else setFailure(getErrorMessage(caught));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <PortalModal opened onClose={onClose} title={`Assign ${vendorName} anyway?`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Alert color="red" variant="light" p="xs">
            {message}
          </Alert>
          <Text size="sm">
            Say why {companyName ?? vendorName} should do this work without current insurance. Your reason is
            kept in the work order’s internal notes and on the company’s record; the resident and the vendor
            do not see it.
          </Text>
          <Textarea
            label="Reason"
            placeholder="For example: emergency leak, no other plumber free tonight; renewed certificate promised by Friday."
            required
            autosize
            minRows={3}
            maxLength={overrideReasonMaxLength}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={error}
            description={`${length} of ${overrideReasonMaxLength} characters (at least ${overrideReasonMinLength})`}
            data-autofocus
          />
          {failure ? (
            <Alert color="red" variant="light" role="alert" p="xs">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" loading={isSaving}>
              Assign anyway
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}
