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

const schemeOptions: { value: MantineColorScheme; label: string; icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
];

/** /settings: preferences kept in this browser (the colour scheme is stored by Mantine's manager). */
export function SettingsPage() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();

  return (
    <>
      <PageHeader title="Settings" description="Preferences for this browser." />
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
    </>
  );
}
