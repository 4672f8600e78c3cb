import { bidInvitationsMax, vendorTradeLabels, type VendorTrade } from '@commonwise/contracts';
import { Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getErrorMessage } from '../../../lib/api.ts';
import { insuranceOptionText, StandingBadge } from '../../vendors/index.ts';
import { bidCompaniesQueryOptions } from '../api.ts';

/**
 * The companies to invite: those serving the association with the trade, each with its insurance today
 * (an expired certificate is only a warning until the award). Companies already invited are left out.
 */
export function CompanyPicker({
  propertyId,
  trade,
  value,
  onChange,
  error,
  exclude = [],
  label = 'Invite companies',
}: {
  propertyId: string;
  trade: VendorTrade | null;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
  exclude?: readonly string[];
  label?: string;
}) {
  const companies = useQuery({
    ...bidCompaniesQueryOptions(propertyId, trade ?? 'plumbing'),
    enabled: trade !== null,
  });
  const vendors = (companies.data?.vendors ?? []).filter((company) => !exclude.includes(company.id));
  const byId = new Map(vendors.map((company) => [company.id, company]));
  const description = !trade
    ? 'Choose the trade first: the companies serving this association with it are listed.'
    : companies.isError
      ? undefined
      : companies.isPending
        ? 'Loading the companies...'
        : vendors.length === 0
          ? `No active company serves this association with ${vendorTradeLabels[trade].toLowerCase()}. Add one in the vendor directory first.`
          : `Companies serving this association with ${vendorTradeLabels[trade].toLowerCase()}; up to ${bidInvitationsMax}.`;
  return (
    <MultiSelect
      label={label}
      description={description}
      placeholder={value.length === 0 ? 'Choose companies' : undefined}
      data={vendors.map((company) => ({
        value: company.id,
        label: company.name,
        disabled: !company.isActive,
      }))}
      value={value}
      onChange={onChange}
      searchable
      hidePickedOptions
      maxValues={bidInvitationsMax}
      disabled={!trade}
      nothingFoundMessage="No company found"
      error={
        error ??
        (companies.isError
          ? `The companies could not be loaded: ${getErrorMessage(companies.error)}`
          : undefined)
      }
      renderOption={({ option }) => {
        const company = byId.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {option.label}
              </Text>
              {company ? (
                <Text size="xs" c="dimmed">
                  {company.isActive
                    ? insuranceOptionText(company.compliance.insurance)
                    : 'Inactive: it cannot be invited'}
                </Text>
              ) : null}
            </Stack>
            {company ? <StandingBadge standing={company.compliance.insurance} /> : null}
          </Group>
        );
      }}
      comboboxProps={{ withinPortal: true, zIndex: 400 }}
    />
  );
}

/** The insurance of the companies chosen, under the picker: an expired one is a warning until the award. */
export function ChosenCompaniesInsurance({
  propertyId,
  trade,
  ids,
}: {
  propertyId: string;
  trade: VendorTrade | null;
  ids: readonly string[];
}) {
  const companies = useQuery({
    ...bidCompaniesQueryOptions(propertyId, trade ?? 'plumbing'),
    enabled: trade !== null,
  });
  const chosen = (companies.data?.vendors ?? []).filter((company) => ids.includes(company.id));
  if (chosen.length === 0) return null;
  return (
    <Stack
      gap={4}
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label="Insurance of the companies chosen"
    >
      {chosen.map((company) => (
        <Group key={company.id} component="li" gap="xs" wrap="nowrap">
          <StandingBadge standing={company.compliance.insurance} label="Insurance" />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {company.name}
            {company.compliance.insurance.status === 'expired'
              ? ': it may bid, but an award would need your reason'
              : ''}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
