import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBallTennis } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { amenitiesPath, formatBookingWhen, myBookingsQueryOptions } from '../api.ts';

/** The resident portal's amenities card (issue 23 item 5): the next bookings and the way to book. */
export function MyAmenitiesCard() {
  const bookings = useQuery(myBookingsQueryOptions);
  const [now] = useState(() => Date.now());
  const upcoming = (bookings.data?.bookings ?? [])
    .filter(
      (booking) =>
        ['held', 'pending', 'confirmed'].includes(booking.status) && Date.parse(booking.endsAt) > now,
    )
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
    .slice(0, 3);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="amenities-card-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="amenities-card-title">
            Amenities
          </Title>
          <IconBallTennis size={20} aria-hidden />
        </Group>
        {upcoming.length === 0 ? (
          <Text size="sm" c="dimmed">
            Book the clubhouse, the pool or a court at your association.
          </Text>
        ) : (
          <Stack
            gap={4}
            component="ul"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-label="My next bookings"
          >
            {upcoming.map((booking) => (
              <Text component="li" size="sm" key={booking.id}>
                <Anchor component={Link} to={`${amenitiesPath}?booking=${booking.id}`}>
                  {booking.amenityName}
                </Anchor>{' '}
                · {formatBookingWhen(booking)}
                {booking.status === 'pending'
                  ? ' (waiting for approval)'
                  : booking.status === 'held'
                    ? booking.paymentInProgress
                      ? ' (payment being confirmed)'
                      : ' (to pay)'
                    : ''}
              </Text>
            ))}
          </Stack>
        )}
        <Group>
          <Button component={Link} to={amenitiesPath} variant="light" size="sm">
            Book an amenity
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
