import type { Residence } from '@commonwise/contracts';
import { Button, Grid, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconHome, IconMessagePlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../../components/PageHeader.tsx';
import { portals } from '../../../../lib/portals.ts';
import { useSignedInUser } from '../../../../lib/session.ts';
import { showFailureToast } from '../../../../lib/toasts.ts';
import { CommunityEventsCard } from '../../resident-cards/CommunityEventsCard.tsx';
import { useStartConversation } from '../../../chat/api.ts';
import { residencesQueryOptions } from '../../../documents/api.ts';
import { ResidentDocumentsCard } from '../../../documents/index.ts';
import { MyWorkOrdersCard, useLiveWorkOrders } from '../../../work-orders/index.ts';

/**
 * /resident-portal (SPEC §2 'Resident portal'): the account card, the live My Work Orders, community
 * events and the property's documents. Sample content is labelled as such in its card.
 */
export function ResidentPortalPage({
  accountCard,
  announcementsCard,
  rostersCard,
  lettersCard,
  violationsCard,
  arcCard,
  committeeCard,
  decisionsCard,
  amenitiesCard,
  handoverCard,
}: {
  /** The home's account (the finance feature; the route file composes it with the chosen home). */
  accountCard?: (home: Residence | undefined) => ReactNode;
  /** The latest announcements addressed to the person (the announcements feature). */
  announcementsCard?: ReactNode;
  rostersCard?: ReactNode;
  lettersCard?: ReactNode;
  /** The owner's noticed violations (the violations feature; the route file composes it). */
  violationsCard?: ReactNode;
  /** The owner's architectural requests (the arc feature). */
  arcCard?: ReactNode;
  /** The person's next amenity bookings and the way to book (the amenities feature). */
  amenitiesCard?: ReactNode;
  /** What waits for the person's vote on a committee they serve on (nothing when nothing does). */
  committeeCard?: ReactNode;
  /** What the association decided and published (the decisions feature). */
  decisionsCard?: ReactNode;
  /** The developer's hand-over reports, for an owner elected to the board (nothing otherwise). */
  handoverCard?: ReactNode;
} = {}) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const startRequest = useStartConversation();
  useLiveWorkOrders(user.id);
  const residences = useQuery(residencesQueryOptions).data ?? [];
  const [params, setParams] = useSearchParams();
  // Issue 26: a person with several homes (in one association or more) picks the one the portal is
  // about; the choice is in the address, so a reload or a shared link keeps it.
  const home = residences.find((residence) => homeKey(residence) === params.get('home')) ?? residences[0];

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
      {residences.length > 1 && home ? (
        <Select
          label="Home"
          description="The account and documents below are this home's."
          leftSection={<IconHome size={16} aria-hidden />}
          data={residences.map((residence) => ({
            value: homeKey(residence),
            label: `Unit ${residence.unitNumber}, ${residence.propertyName}`,
          }))}
          value={homeKey(home)}
          onChange={(value) => {
            if (value) setParams({ home: value }, { replace: true });
          }}
          allowDeselect={false}
          maw={{ base: '100%', sm: 420 }}
          mb="lg"
        />
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 4 }}>{accountCard?.(home)}</Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <MyWorkOrdersCard onSubmitRequest={submitRequest} isStartingRequest={startRequest.isPending} />
        </Grid.Col>
        {announcementsCard ? <Grid.Col span={12}>{announcementsCard}</Grid.Col> : null}
        {/* The letters the association sent this owner (the letters feature; the route file composes it). */}
        {lettersCard ? <Grid.Col span={12}>{lettersCard}</Grid.Col> : null}
        {violationsCard ? <Grid.Col span={12}>{violationsCard}</Grid.Col> : null}
        {arcCard ? <Grid.Col span={12}>{arcCard}</Grid.Col> : null}
        {committeeCard ? <Grid.Col span={12}>{committeeCard}</Grid.Col> : null}
        {handoverCard ? <Grid.Col span={12}>{handoverCard}</Grid.Col> : null}
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ResidentDocumentsCard propertyId={home?.propertyId} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <CommunityEventsCard />
        </Grid.Col>
        {amenitiesCard ? <Grid.Col span={{ base: 12, md: 6 }}>{amenitiesCard}</Grid.Col> : null}
        {decisionsCard ? <Grid.Col span={12}>{decisionsCard}</Grid.Col> : null}
        {/* The association's board and committees (the committees feature; the route file composes it). */}
        {rostersCard ? <Grid.Col span={12}>{rostersCard}</Grid.Col> : null}
      </Grid>
    </>
  );
}

/** A home among the person's: its association and unit. */
function homeKey(residence: Residence): string {
  return `${residence.propertyId}:${residence.unitNumber}`;
}
