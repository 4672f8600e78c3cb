import {
  Card,
  Center,
  SegmentedControl,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useSignedInUser } from '../../../lib/session.ts';
import { SecurityPolicyCard } from './SecurityPolicyCard.tsx';

const schemeOptions: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
];

/**
 * /settings: preferences kept in this browser (the colour scheme is stored by Mantine's manager) and,
 * for admins, the association's security policy.
 */
export function SettingsPage() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const user = useSignedInUser();
  const isAdmin = user.role === 'admin';

  return (
    <>
      <PageHeader
        title="Settings"
        description={
          isAdmin ? 'Preferences for this browser, and the security policy.' : 'Preferences for this browser.'
        }
      />
      <Stack gap="lg">
        <Card
          withBorder
          radius="lg"
          padding="lg"
          maw={640}
          component="section"
          aria-labelledby="appearance-title"
        >
          <Stack gap="sm">
            <div>
              <Title order={2} size="h4" id="appearance-title">
                Appearance
              </Title>
              <Text c="dimmed" size="sm" id="appearance-help">
                Colour scheme. System follows your device's light or dark setting.
              </Text>
            </div>
            <SegmentedControl
              aria-labelledby="appearance-title"
              aria-describedby="appearance-help"
              value={colorScheme}
              onChange={(value) => setColorScheme(value as MantineColorScheme)}
              fullWidth
              maw={420}
              data={schemeOptions.map(({ value, label, icon: Icon }) => ({
                value,
                label: (
                  <Center style={{ gap: 8 }}>
                    <Icon size={16} aria-hidden />
                    <span>{label}</span>
                  </Center>
                ),
              }))}
            />
          </Stack>
        </Card>
        {isAdmin ? <SecurityPolicyCard /> : null}
      </Stack>
    </>
  );
}
