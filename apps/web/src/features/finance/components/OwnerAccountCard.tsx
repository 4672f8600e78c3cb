import { formatMoney, type OwnerAccount, type Residence } from '@commonwise/contracts';
import { Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconReceipt, IconWallet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { formatDate } from '../../../lib/format.ts';
import { billingPagePath, ownerAccountsQueryOptions } from '../api.ts';
import { MakePaymentDialog } from './MakePaymentDialog.tsx';

/** The owner's account of the home the portal is about (its association and unit), if they own it. */
export function accountOfHome(accounts: OwnerAccount[], home: Residence | undefined): OwnerAccount | null {
  if (!home) return accounts[0] ?? null;
  return (
    accounts.find(
      (account) => account.propertyId === home.propertyId && account.unit.label === home.unitNumber,
    ) ?? null
  );
}

/** The balance in words an owner reads at a glance: owed, paid ahead, or nothing. */
export function BalanceFigure({ account }: { account: OwnerAccount }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        Current Balance
      </Text>
      <Text fw={700} fz={28} lh={1.2}>
        {formatMoney(Math.max(account.balanceCents, 0))}
      </Text>
      {account.balanceCents < 0 ? (
        <Text size="sm">{formatMoney(-account.balanceCents)} credit for your next charges</Text>
      ) : account.pastDueCents > 0 ? (
        <Text size="sm" c="red.9" fw={600}>
          {formatMoney(account.pastDueCents)} past due
        </Text>
      ) : null}
    </Stack>
  );
}

/** The next charges the association's schedule will post, or that none is scheduled. */
export function NextCharge({ account }: { account: OwnerAccount }) {
  const [first] = account.nextCharges;
  const total = account.nextCharges.reduce((sum, charge) => sum + charge.amountCents, 0);
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        Next Payment Due
      </Text>
      {first ? (
        <>
          <Text fw={600}>{formatDate(first.dueOn)}</Text>
          <Text size="sm" c="dimmed">
            {formatMoney(total)} · {account.nextCharges.map((charge) => charge.description).join(', ')}
          </Text>
        </>
      ) : (
        <Text size="sm">No charge is scheduled.</Text>
      )}
    </Stack>
  );
}

/**
 * The resident portal's My Account card (SPEC §2; issue 20, item 6): the real balance of the home the
 * portal is about, what is past due and the next charge, from the association's books; Make a Payment
 * pays it, and the Billing page has the whole account. A tenant is told the owner is billed.
 */
export function OwnerAccountCard({ home }: { home?: Residence | undefined }) {
  const { data, isPending, isError, refetch, isRefetching } = useQuery(ownerAccountsQueryOptions);
  const [paying, setPaying] = useState<OwnerAccount | null>(null);
  const account = data ? accountOfHome(data.accounts, home) : null;
  return (
    <PortalSectionCard title="My Account" icon={<IconWallet size={20} aria-hidden />} color="green">
      {isPending ? (
        <Group gap="sm" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            Loading your account...
          </Text>
        </Group>
      ) : isError ? (
        <ErrorState
          title="Failed to load your account"
          onRetry={() => void refetch()}
          isRetrying={isRefetching}
          headingOrder={3}
        />
      ) : account ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Unit {account.unit.label}, {account.propertyName}
          </Text>
          <SimpleGrid cols={2} spacing="md">
            <BalanceFigure account={account} />
            <NextCharge account={account} />
          </SimpleGrid>
          <Group gap="sm">
            <Button leftSection={<IconCreditCard size={16} aria-hidden />} onClick={() => setPaying(account)}>
              Make a Payment
            </Button>
            <Button
              component={Link}
              to={billingPagePath(account.unit.id)}
              variant="default"
              leftSection={<IconReceipt size={16} aria-hidden />}
            >
              Billing
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            {home
              ? `The association bills unit ${home.unitNumber}'s owner; nothing is billed to you for this home.`
              : 'You own no unit, so the association bills you nothing.'}
          </Text>
          {data.accounts.length > 0 ? (
            <Button component={Link} to={billingPagePath()} variant="default" w="fit-content">
              Billing for the units you own
            </Button>
          ) : null}
        </Stack>
      )}
      {paying ? <MakePaymentDialog account={paying} onClose={() => setPaying(null)} /> : null}
    </PortalSectionCard>
  );
}
