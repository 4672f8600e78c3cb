import type { OwnerAccount } from '@commonwise/contracts';
import { Button, Card, Grid, Group, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconDownload, IconHome, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import {
  downloadOwnerStatement,
  ownerAccountsQueryOptions,
  ownerLedgerExportPath,
  ownerLedgerQueryOptions,
  ownerPaymentsQueryOptions,
} from '../api.ts';
import { AutopaySection } from './AutopaySection.tsx';
import { MakePaymentDialog } from './MakePaymentDialog.tsx';
import { BalanceFigure, NextCharge } from './OwnerAccountCard.tsx';
import { PaymentList } from './Payments.tsx';
import { StatementDownload } from './StatementDownload.tsx';
import { LedgerLines } from './UnitAccount.tsx';

/**
 * /resident-portal/billing (issue 20, item 6): an owner's unit's account — the balance, the next
 * charge, every charge and payment with the running balance (exported as CSV), monthly statements as
 * PDF, and each payment with where it went — Make a Payment, and autopay (AutopaySection). An owner of several units chooses the unit (kept in the address).
 */
export function BillingPage() {
  const { data, isPending, isError, refetch, isRefetching } = useQuery(ownerAccountsQueryOptions);
  const [params, setParams] = useSearchParams();
  const header = (
    <PageHeader
      title="Billing"
      description="Your unit's account: what was charged, what you paid and where it went."
    />
  );
  if (isPending)
    return (
      <>
        {header}
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Loading your account...</Text>
        </Group>
      </>
    );
  if (isError)
    return (
      <>
        {header}
        <ErrorState
          title="Failed to load your account"
          onRetry={() => void refetch()}
          isRetrying={isRefetching}
        />
      </>
    );
  if (data.accounts.length === 0)
    return (
      <>
        {header}
        <StatusMessage
          icon={<IconReceipt size={32} aria-hidden />}
          title="Nothing is billed to you"
          description="The association bills the owners of its units. You own no unit today; if you rent, your landlord is billed."
        />
      </>
    );
  const account =
    data.accounts.find((candidate) => candidate.unit.id === params.get('unit')) ?? data.accounts[0]!;
  return (
    <>
      {header}
      {data.accounts.length > 1 ? (
        <Select
          label="Unit"
          leftSection={<IconHome size={16} aria-hidden />}
          data={data.accounts.map((candidate) => ({
            value: candidate.unit.id,
            label: `Unit ${candidate.unit.label}, ${candidate.propertyName}`,
          }))}
          value={account.unit.id}
          onChange={(value) => {
            if (value) setParams({ unit: value }, { replace: true });
          }}
          allowDeselect={false}
          maw={{ base: '100%', sm: 420 }}
          mb="lg"
        />
      ) : null}
      {/* Keyed by the unit: another unit's account opens on its first pages. */}
      <UnitBilling key={account.unit.id} account={account} />
    </>
  );
}

function UnitBilling({ account }: { account: OwnerAccount }) {
  const [isPaying, setPaying] = useState(false);
  return (
    <Grid gap="lg">
      <Grid.Col span={12}>
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="billing-summary">
          <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
            <Stack gap="md" style={{ flex: '1 1 18rem' }}>
              <Title order={2} size="h4" id="billing-summary">
                Unit {account.unit.label}, {account.propertyName}
              </Title>
              <SimpleGrid cols={2} spacing="md">
                <BalanceFigure account={account} />
                <NextCharge account={account} />
              </SimpleGrid>
            </Stack>
            <Group gap="sm">
              <Button leftSection={<IconCreditCard size={16} aria-hidden />} onClick={() => setPaying(true)}>
                Make a Payment
              </Button>
              <Button
                component="a"
                href={ownerLedgerExportPath(account.unit.id)}
                download
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                Download CSV
              </Button>
            </Group>
          </Group>
        </Card>
      </Grid.Col>
      <Grid.Col span={12}>
        <AutopaySection unit={account.unit} />
      </Grid.Col>
      <Grid.Col span={12}>
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="billing-account">
          <Title order={2} size="h4" id="billing-account">
            Account
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Every charge, payment and credit, newest first, with the balance after each.
          </Text>
          <LedgerLines queryFor={(page) => ownerLedgerQueryOptions(account.unit.id, page)} waiveIn={null} />
        </Card>
      </Grid.Col>
      <Grid.Col span={12}>
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="billing-statements">
          <Title order={2} size="h4" id="billing-statements">
            Statements
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            A month&apos;s opening balance, its charges and payments, and its closing balance, as a PDF.
          </Text>
          <StatementDownload
            today={account.today}
            download={(month) => downloadOwnerStatement(account.unit.id, month)}
          />
        </Card>
      </Grid.Col>
      <Grid.Col span={12}>
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="billing-payments">
          <Title order={2} size="h4" id="billing-payments">
            Payments
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Newest first, with the charges each one paid and any credit it left.
          </Text>
          <PaymentList
            caption={`Payments for unit ${account.unit.label}`}
            queryFor={(page) => ownerPaymentsQueryOptions(account.unit.id, page)}
            returnIn={null}
            showUnit={false}
          />
        </Card>
      </Grid.Col>
      {isPaying ? <MakePaymentDialog account={account} onClose={() => setPaying(false)} /> : null}
    </Grid>
  );
}
