import { Box, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconLogin } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Wordmark } from '../../../components/Wordmark.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import classes from '../../../components/PublicPage.module.css';

/** True when this document itself was requested for `/` (the server had no landing page to send). */
function wasDocumentLoadedAtRoot(): boolean {
  const [navigation] = performance.getEntriesByType('navigation');
  return navigation ? new URL(navigation.name).pathname === '/' : false;
}

/**
 * `/` inside the single-page app. The landing page is its own document (landing.html, prerendered and
 * served by the server at `/`), so arriving here by a client-side link loads that document instead.
 * Only if this very document was loaded at `/` (a web build without the landing page) does the app
 * show this short page, rather than reload forever.
 */
export function HomePage() {
  const isFallback = wasDocumentLoadedAtRoot();
  useEffect(() => {
    if (!isFallback) window.location.replace('/');
  }, [isFallback]);
  return isFallback ? <FallbackHome /> : null;
}

function FallbackHome() {
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
