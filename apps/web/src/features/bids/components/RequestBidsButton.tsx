import { Button } from '@mantine/core';
import { IconGavel } from '@tabler/icons-react';
import { Link } from 'react-router';
import { newBidRequestPath } from '../api.ts';

/**
 * "Request bids" for a work order: the request form, prefilled from it (its summary as the title, its
 * category as the trade, the work order itself).
 */
export function RequestBidsButton({ workOrderId, propertyId }: { workOrderId: string; propertyId: string }) {
  return (
    <Button
      component={Link}
      to={newBidRequestPath({ propertyId, workOrderId })}
      variant="default"
      leftSection={<IconGavel size={16} aria-hidden />}
    >
      Request bids
    </Button>
  );
}
