import { Button, Grid } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../../components/PageHeader.tsx';
import { portals } from '../../../../lib/portals.ts';
import { useSignedInUser } from '../../../../lib/session.ts';
import { showFailureToast } from '../../../../lib/toasts.ts';
import { useStartRequest } from '../api.ts';
import { useLiveWorkOrders } from '../hooks/use-live-work-orders.ts';
import { MyWorkOrdersCard } from './MyWorkOrdersCard.tsx';

/**
 * /resident-portal (SPEC §2 'Resident portal'). A grid of cards: My Work Orders now; the account,
 * community events and documents cards join it as further Grid.Col entries.
 */
export function ResidentPortalPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const startRequest = useStartRequest();
  useLiveWorkOrders(user.id);

  // Requests are made to the AI assistant, which asks what it needs and opens the work order.
  const submitRequest = () => {
    startRequest.mutate(undefined, {
      onSuccess: (thread) => void navigate(`/chat?thread=${encodeURIComponent(thread.id)}`),
      onError: (error) => showFailureToast('Failed to create new chat thread', error),
    });
  };

  return (
    <>
      <PageHeader
        title={portals.resident.name}
        description="Follow your maintenance requests, or tell the assistant about a new one."
        actions={
          <Button
            leftSection={<IconMessagePlus size={18} aria-hidden />}
            onClick={submitRequest}
            loading={startRequest.isPending}
          >
            Submit Request
          </Button>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={12}>
          <MyWorkOrdersCard onSubmitRequest={submitRequest} isStartingRequest={startRequest.isPending} />
        </Grid.Col>
      </Grid>
    </>
  );
}
