import type { Residence } from '@commonwise/contracts';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCreditCard, IconWallet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PortalInfoDialog } from '../components/PortalInfoDialog.tsx';
import { PortalSectionCard } from '../../../components/PortalSectionCard.tsx';
import { residencesQueryOptions } from '../../documents/api.ts';
import { sampleAccount } from './sample-data.ts';

/**
 * The account card (SPEC §2): balance and next payment are sample figures; the home line is the
 * resident's real unit and property. Make a Payment says plainly that payments are not online yet.
 */
export function ResidentAccountCard({ home: chosen }: { home?: Residence | undefined } = {}) {
  const [isPaymentOpen, payment] = useDisclosure(false);
  const { data: residences } = useQuery(residencesQueryOptions);
  // The home chosen in the portal, else the person's first.
  const home = chosen ?? residences?.[0];
  return (
    <PortalSectionCard title="My Account" icon={<IconWallet size={20} aria-hidden />} color="green" isSample>
      <Stack gap="md">
        {home ? (
          <Text size="sm" c="dimmed">
            Unit {home.unitNumber}, {home.propertyName}
          </Text>
        ) : null}
        <SimpleGrid cols={2} spacing="md">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Current Balance
            </Text>
            <Text fw={700} fz={28} lh={1.2}>
              {sampleAccount.balance}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Next Payment Due
            </Text>
            <Text fw={600}>{sampleAccount.nextPaymentDue}</Text>
            <Text size="sm" c="dimmed">
              {sampleAccount.nextPaymentAmount} · {sampleAccount.description}
            </Text>
          </Stack>
        </SimpleGrid>
        <Group>
          <Button leftSection={<IconCreditCard size={16} aria-hidden />} onClick={payment.open}>
            Make a Payment
          </Button>
        </Group>
      </Stack>
      <PortalInfoDialog opened={isPaymentOpen} onClose={payment.close} title="Make a Payment">
        <Stack gap="md">
          <Text>Online payments are not available in Commonwise yet.</Text>
          <Text>
            The balance and due date on this card are sample figures, not your account. To pay your
            assessment, use the payment method your association gave you, or ask your property manager.
          </Text>
          <Group justify="flex-end">
            <Button onClick={payment.close}>Close</Button>
          </Group>
        </Stack>
      </PortalInfoDialog>
    </PortalSectionCard>
  );
}
