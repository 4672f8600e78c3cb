import {
  Box,
  Button,
  Center,
  Container,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { Wordmark } from '../../../components/Wordmark.tsx';
import { getSafeRedirect } from '../../../lib/redirect.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { demoAccountsQueryOptions } from '../api.ts';
import { useSignInForm } from '../hooks/use-sign-in-form.ts';
import { DemoAccountsCard } from './DemoAccountsCard.tsx';
import classes from '../../../components/PublicPage.module.css';

/** /auth (SPEC §2 Login). A signed-in user, including one who has just signed in, is sent on. */
export function LoginPage() {
  usePageTitle('Login');
  const { data: user, isPending } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const target = getSafeRedirect(searchParams.get('redirect'));

  if (isPending) return <FullPageLoader />;
  if (user) return <Navigate to={target} replace />;
  return <SignInScreen initialEmail={searchParams.get('email')?.trim() ?? ''} />;
}

function SignInScreen({ initialEmail }: { initialEmail: string }) {
  const { form, handleSubmit, isSubmitting } = useSignInForm(initialEmail);
  const { data: demo } = useQuery(demoAccountsQueryOptions);
  const submitRef = useRef<HTMLButtonElement>(null);
  const hasDemo = Boolean(demo?.enabled && demo.accounts.length > 0);

  const signInCard = (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
      <form onSubmit={handleSubmit} noValidate aria-labelledby="sign-in-title">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="sign-in-title">
              Sign in
            </Title>
            <Text size="sm" c="dimmed">
              Use the email address your association registered for you.
            </Text>
          </div>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder="you@example.com"
            withAsterisk
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            withAsterisk
            // With the e-mail already filled in, the password is what is left to type.
            autoFocus={initialEmail !== ''}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button
            ref={submitRef}
            type="submit"
            fullWidth
            size="md"
            mt="xs"
            loading={isSubmitting}
            leftSection={<IconLogin size={18} aria-hidden />}
          >
            Login
          </Button>
        </Stack>
      </form>
    </Paper>
  );

  return (
    <Box className={classes.page}>
      <Center mih="100dvh" py="xl" px="md">
        <Container size={hasDemo ? 900 : 440} p={0} w="100%">
          <Stack align="center" gap={6} mb="xl" ta="center">
            <Title order={1} lh={1}>
              <Wordmark size="xl" />
            </Title>
            <Text c="dimmed" size="lg">
              AI-powered HOA Management
            </Text>
          </Stack>
          {hasDemo && demo ? (
            <SimpleGrid
              cols={{ base: 1, md: 2 }}
              spacing="lg"
              verticalSpacing="lg"
              style={{ alignItems: 'start' }}
            >
              {signInCard}
              <DemoAccountsCard
                accounts={demo.accounts}
                password={demo.password}
                onPick={(account) => {
                  form.setValues({ email: account.email, password: demo.password ?? '' });
                  form.clearErrors();
                  submitRef.current?.focus();
                }}
              />
            </SimpleGrid>
          ) : (
            signInCard
          )}
        </Container>
      </Center>
    </Box>
  );
}
