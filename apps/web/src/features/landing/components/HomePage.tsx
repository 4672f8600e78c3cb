import { Box, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconLogin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Wordmark } from '../../../components/Wordmark.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import classes from '../../../components/PublicPage.module.css';

/** / : a minimal public page until the full landing page arrives with a later issue. */
export function HomePage() {
  usePageTitle();
  const { data: user, isPending } = useCurrentUser();

  return (
    <Box className={classes.page}>
      <Center mih="100dvh" px="md" py="xl">
        <Stack align="center" gap="lg" ta="center" maw={640}>
          <Title order={1} lh={1}>
            <Wordmark size="xl" />
          </Title>
          <Text size="xl" fw={500}>
            AI-powered HOA management, available 24/7
          </Text>
          <Text c="dimmed" maw={520}>
            Residents, board members, managers and vendors get answers and get work done, with people stepping
            in whenever it matters.
          </Text>
          <Group justify="center" mih={42}>
            {isPending ? null : user ? (
              <Button
                component={Link}
                to="/dashboard"
                size="md"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                Dashboard
              </Button>
            ) : (
              <Button component={Link} to="/auth" size="md" leftSection={<IconLogin size={18} aria-hidden />}>
                Login
              </Button>
            )}
          </Group>
        </Stack>
      </Center>
    </Box>
  );
}
