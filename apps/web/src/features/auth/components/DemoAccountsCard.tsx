import type { DemoAccounts } from '@commonwise/contracts';
import { Code, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { RoleBadge } from '../../../components/RoleBadge.tsx';
import classes from './DemoAccountsCard.module.css';

type DemoAccount = DemoAccounts['accounts'][number];

interface DemoAccountsCardProps {
  accounts: DemoAccount[];
  password?: string | undefined;
  onPick: (account: DemoAccount) => void;
}

/** Demo mode only: one click fills the form with a role's account, so a visitor can try every portal. */
export function DemoAccountsCard({ accounts, password, onPick }: DemoAccountsCardProps) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      shadow="xs"
      component="section"
      aria-labelledby="demo-accounts-title"
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id="demo-accounts-title">
          Demo accounts
        </Title>
        <Text size="sm" c="dimmed">
          Choose an account to fill in the form, then press Login.
          {password ? (
            <>
              {' '}
              Every account uses the password <Code>{password}</Code>.
            </>
          ) : null}
        </Text>
        <Stack gap={6} mt={4} component="ul" className={classes.list}>
          {accounts.map((account) => (
            <li key={account.email}>
              <UnstyledButton
                className={classes.account}
                onClick={() => onPick(account)}
                aria-label={`Use the ${account.role} demo account, ${account.fullName}, ${account.email}`}
              >
                <Group gap="sm" wrap="nowrap">
                  <RoleBadge role={account.role} w={104} style={{ flexShrink: 0 }} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {account.fullName}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {account.email}
                    </Text>
                  </Stack>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
