import type { InvoiceStatus } from '@commonwise/contracts';
import type { MantineColor } from '@mantine/core';

export const invoiceStatusColors: Record<InvoiceStatus, MantineColor> = {
  received: 'blue',
  in_review: 'yellow',
  approved: 'teal',
  paid: 'green',
  rejected: 'red',
};
