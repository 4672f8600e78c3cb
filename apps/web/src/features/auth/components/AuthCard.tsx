import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface AuthCardProps {
  /** Names the card's heading; also labels the form inside it. */
  titleId: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One step of signing in: a heading, a line of help, and its form. */
export function AuthCard({ titleId, title, description, children }: AuthCardProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** The way back from another sign-in step to the password form. */
export function BackToSignIn({ href, label = 'Back to sign in' }: { href: string; label?: string }) {
  return (
    <Anchor component={Link} to={href} size="sm" ta="center">
      <Group gap={4} justify="center" component="span">
        <IconArrowLeft size={14} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}
