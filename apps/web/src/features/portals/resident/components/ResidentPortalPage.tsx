import { Button, Grid } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconMessagePlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../../components/PageHeader.tsx';
import { portals } from '../../../../lib/portals.ts';
import { useSignedInUser } from '../../../../lib/session.ts';
import { showFailureToast } from '../../../../lib/toasts.ts';
import { CommunityEventsCard } from '../../resident-cards/CommunityEventsCard.tsx';
import { ResidentAccountCard } from '../../resident-cards/ResidentAccountCard.tsx';
import { useStartConversation } from '../../../chat/api.ts';
import { ResidentDocumentsCard } from '../../../documents/index.ts';
import { MyWorkOrdersCard, useLiveWorkOrders } from '../../../work-orders/index.ts';

/**
 * /resident-portal (SPEC §2 'Resident portal'): the account card, the live My Work Orders, community
 * events and the property's documents. Sample content is labelled as such in its card.
 */
export function ResidentPortalPage({ rostersCard }: { rostersCard?: ReactNode } = {}) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const startRequest = useStartConversation();
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
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <ResidentAccountCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <MyWorkOrdersCard onSubmitRequest={submitRequest} isStartingRequest={startRequest.isPending} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ResidentDocumentsCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <CommunityEventsCard />
        </Grid.Col>
        {/* The association's board and committees (the committees feature; the route file composes it). */}
        {rostersCard ? <Grid.Col span={12}>{rostersCard}</Grid.Col> : null}
      </Grid>
    </>
  );
}
