import { Anchor, Button, Divider, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconLogin, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { getSafeRedirect, twoFactorSetupPath } from '../../../lib/redirect.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { demoAccountsQueryOptions } from '../api.ts';
import { useSignInForm } from '../hooks/use-sign-in-form.ts';
import { AuthCard } from './AuthCard.tsx';
import { AuthPageFrame } from './AuthPageFrame.tsx';
import { CodeSignIn } from './CodeSignIn.tsx';
import { DemoAccountsCard } from './DemoAccountsCard.tsx';
import { ForgotPassword } from './ForgotPassword.tsx';
import { TwoFactorStep } from './TwoFactorStep.tsx';

/** The ways in offered on /auth, chosen by `?view=` so Back returns to the password form. */
export type AuthView = 'password' | 'code' | 'forgot';

function readView(value: string | null): AuthView {
  return value === 'code' || value === 'forgot' ? value : 'password';
}

const viewTitles: Record<AuthView, string> = {
  password: 'Login',
  code: 'Sign in with a code',
  forgot: 'Forgot password',
};

/** /auth with another view and e-mail, keeping the rest (such as `redirect`). */
function viewHref(searchParams: URLSearchParams, view: AuthView, email: string): string {
  const next = new URLSearchParams(searchParams);
  if (view === 'password') next.delete('view');
  else next.set('view', view);
  if (email) next.set('email', email);
  else next.delete('email');
  const query = next.toString();
  return query ? `/auth?${query}` : '/auth';
}

/**
 * /auth (SPEC §2 Login): password sign-in, "Forgot password?", "Email me a code", and the
 * two-factor step. A signed-in user, including one who has just signed in, is sent on; one whose
 * role requires two-factor authentication they have not set up goes to set it up.
 */
export function LoginPage() {
  const { data: user, isPending } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const view = readView(searchParams.get('view'));
  // The e-mail of a person whose password or code was right and who is asked for a second factor.
  const [secondFactorEmail, setSecondFactorEmail] = useState<string | null>(null);
  usePageTitle(secondFactorEmail === null ? viewTitles[view] : 'Two-factor authentication');
  const target = getSafeRedirect(searchParams.get('redirect'));

  if (isPending) return <FullPageLoader />;
  if (user) return <Navigate to={user.mustEnrolTwoFactor ? twoFactorSetupPath : target} replace />;

  const initialEmail = searchParams.get('email')?.trim() ?? '';
  const hrefFor = (next: AuthView, email: string) => viewHref(searchParams, next, email);

  if (secondFactorEmail !== null) {
    return (
      <AuthPageFrame>
        <TwoFactorStep email={secondFactorEmail} onCancel={() => setSecondFactorEmail(null)} />
      </AuthPageFrame>
    );
  }
  if (view === 'code') {
    return (
      <AuthPageFrame>
        <CodeSignIn
          initialEmail={initialEmail}
          onTwoFactor={setSecondFactorEmail}
          backHref={(email) => hrefFor('password', email)}
        />
      </AuthPageFrame>
    );
  }
  if (view === 'forgot') {
    return (
      <AuthPageFrame>
        <ForgotPassword initialEmail={initialEmail} backHref={(email) => hrefFor('password', email)} />
      </AuthPageFrame>
    );
  }
  return <PasswordSignIn initialEmail={initialEmail} hrefFor={hrefFor} onTwoFactor={setSecondFactorEmail} />;
}

interface PasswordSignInProps {
  initialEmail: string;
  hrefFor: (view: AuthView, email: string) => string;
  onTwoFactor: (email: string) => void;
}

function PasswordSignIn({ initialEmail, hrefFor, onTwoFactor }: PasswordSignInProps) {
  const { form, handleSubmit, isSubmitting } = useSignInForm(initialEmail, onTwoFactor);
  const { data: demo } = useQuery(demoAccountsQueryOptions);
  const submitRef = useRef<HTMLButtonElement>(null);
  const hasDemo = Boolean(demo?.enabled && demo.accounts.length > 0);
  const typedEmail = form.getValues().email.trim();

  const signInCard = (
    <AuthCard
      titleId="sign-in-title"
      title="Sign in"
      description="Use the email address your association registered for you."
    >
      <form onSubmit={handleSubmit} noValidate aria-labelledby="sign-in-title">
        <Stack gap="md">
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
          <Stack gap={6}>
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
            <Group justify="flex-end">
              <Anchor component={Link} to={hrefFor('forgot', typedEmail)} size="sm">
                Forgot password?
              </Anchor>
            </Group>
          </Stack>
          <Button
            ref={submitRef}
            type="submit"
            fullWidth
            size="md"
            loading={isSubmitting}
            leftSection={<IconLogin size={18} aria-hidden />}
          >
            Login
          </Button>
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" />
      <Button
        component={Link}
        to={hrefFor('code', typedEmail)}
        variant="default"
        fullWidth
        leftSection={<IconMail size={18} aria-hidden />}
      >
        Email me a code
      </Button>
    </AuthCard>
  );

  // The form keeps its place in the tree whether or not the demo accounts are shown: when their list
  // arrived (on every visit after a sign-out, which empties the cache) and the card moved into a grid,
  // React mounted the form anew, and the field being typed in lost its focus and the next keystrokes.
  return (
    <AuthPageFrame isWide={hasDemo}>
      <SimpleGrid
        cols={{ base: 1, md: hasDemo ? 2 : 1 }}
        spacing="lg"
        verticalSpacing="lg"
        style={{ alignItems: 'start' }}
      >
        {signInCard}
        {hasDemo && demo ? (
          <DemoAccountsCard
            accounts={demo.accounts}
            password={demo.password}
            onPick={(account) => {
              form.setValues({ email: account.email, password: demo.password ?? '' });
              form.clearErrors();
              submitRef.current?.focus();
            }}
          />
        ) : null}
      </SimpleGrid>
    </AuthPageFrame>
  );
}
