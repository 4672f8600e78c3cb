import { Box, Center, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Wordmark } from '../../../components/Wordmark.tsx';
import classes from '../../../components/PublicPage.module.css';

/** The public sign-in pages' frame: the product name as the page's h1, its subtitle, then the card(s). */
export function AuthPageFrame({ isWide = false, children }: { isWide?: boolean; children: ReactNode }) {
  return (
    <Box className={classes.page}>
      <Center mih="100dvh" py="xl" px="md">
        <Container size={isWide ? 900 : 440} p={0} w="100%">
          <Stack align="center" gap={6} mb="xl" ta="center">
            <Title order={1} lh={1}>
              <Wordmark size="xl" />
            </Title>
            <Text c="dimmed" size="lg">
              AI-powered HOA Management
            </Text>
          </Stack>
          {children}
        </Container>
      </Center>
    </Box>
  );
}
