import { Alert, Anchor, Avatar, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { format } from 'date-fns';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RoleBadge } from '../../../components/RoleBadge.tsx';
import { useSignedInUser } from '../../../lib/session.ts';
import { NotificationSettingsCard } from '../../notifications/index.ts';
import { PasswordForm } from './PasswordForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { SessionsCard } from './SessionsCard.tsx';
import { TwoFactorCard, twoFactorSectionId } from './TwoFactorCard.tsx';
import { EmailAddress } from '../../../components/EmailAddress.tsx';

function formatMemberSince(createdAt: string): string | null {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? null : format(date, 'MMM d, yyyy');
}

/**
 * /account: who you are, your name and password, two-factor authentication, where you are signed in,
 * and what you are told.
 */
export function AccountPage() {
  const user = useSignedInUser();
  const memberSince = formatMemberSince(user.createdAt);
  const { hash } = useLocation();

  // /account#two-factor (where sign-in sends someone who must set it up) brings the section into view.
  useEffect(() => {
    if (hash === `#${twoFactorSectionId}`) document.getElementById(twoFactorSectionId)?.scrollIntoView();
  }, [hash]);

  return (
    <>
      <PageHeader title="My Account" description="Your profile and sign-in details." />
      <Stack gap="lg" maw={960}>
        {user.mustEnrolTwoFactor ? (
          <Alert
            color="orange"
            icon={<IconShieldLock size={20} aria-hidden />}
            title="Set up two-factor authentication to continue"
          >
            Your administrator requires two-factor authentication for your role. Until you turn it on, only
            this page is available.{' '}
            <Anchor href={`#${twoFactorSectionId}`} inherit fw={600}>
              Go to two-factor authentication
            </Anchor>
          </Alert>
        ) : null}
        <Card withBorder radius="lg" padding="lg" component="section" aria-label="Profile">
          <Group gap="lg" wrap="nowrap" align="center">
            <Avatar color="indigo" variant="filled" radius="xl" size={64} aria-hidden>
              {(user.fullName.trim() || user.email).charAt(0).toUpperCase()}
            </Avatar>
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                <Text fw={700} size="lg">
                  {user.fullName || user.email}
                </Text>
                <RoleBadge role={user.role} />
              </Group>
              <Text c="dimmed">
                <EmailAddress email={user.email} />
              </Text>
              {memberSince ? (
                <Text c="dimmed" size="sm">
                  Member since {memberSince}
                </Text>
              ) : null}
            </Stack>
          </Group>
        </Card>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
          <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="name-title">
            <Title order={2} size="h4" id="name-title" mb={4}>
              Your name
            </Title>
            <Text c="dimmed" size="sm" mb="md">
              How you appear to others in Commonwise.
            </Text>
            <ProfileForm key={user.id} user={user} />
          </Card>
          <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="password-title">
            <Title order={2} size="h4" id="password-title" mb={4}>
              Password
            </Title>
            <Text c="dimmed" size="sm" mb="md">
              Changing it signs you out everywhere else.
            </Text>
            <PasswordForm email={user.email} />
          </Card>
        </SimpleGrid>

        {/* Above the cards that load lists, so /account#notifications stays where it scrolled to. */}
        <NotificationSettingsCard />
        <TwoFactorCard user={user} />
        <SessionsCard />
      </Stack>
    </>
  );
}
