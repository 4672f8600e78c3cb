import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBuildingEstate,
  IconChartBar,
  IconCalendarTime,
  IconClipboardList,
  IconHomeCog,
  IconSettings,
  IconUsers,
  IconUsersGroup,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { portals } from '../../../lib/portals.ts';
import classes from './AdminPortalPage.module.css';

interface Section {
  title: string;
  description: string;
  icon: TablerIcon;
  color: string;
}

const sections: (Section & { to: string })[] = [
  {
    to: '/admin-portal/property-onboarding/start',
    title: 'Property Onboarding',
    description: 'Guided step-by-step setup of a new property: details, documents, managers and residents.',
    icon: IconHomeCog,
    color: 'violet',
  },
  {
    to: '/admin-portal/properties',
    title: 'Property Management',
    description: 'Add and edit properties, and assign their managers and residents.',
    icon: IconBuildingEstate,
    color: 'indigo',
  },
  {
    to: '/admin-portal/users',
    title: 'User Management',
    description: 'Invite people, change their roles, and deactivate accounts.',
    icon: IconUsers,
    color: 'teal',
  },
  {
    to: '/admin-portal/analytics',
    title: 'Analytics Dashboard',
    description:
      'What the AI assistant resolved, handed to a person and could not answer, per property and period.',
    icon: IconChartBar,
    color: 'grape',
  },
  {
    to: '/admin-portal/audit-logs',
    title: 'Audit Logs',
    description: 'Who changed what, and when: every change to association records, filtered and exported.',
    icon: IconClipboardList,
    color: 'orange',
  },
  {
    to: '/community',
    title: 'Community Management',
    description: 'Announcements and emergency notices, events and amenities, across the associations.',
    icon: IconUsersGroup,
    color: 'pink',
  },
  {
    to: '/admin-portal/jobs',
    title: 'Scheduled Jobs',
    description: 'Recurring work by the clock: next runs, the history of runs, previews and Run now.',
    icon: IconCalendarTime,
    color: 'cyan',
  },
  {
    to: '/admin-portal/system-settings',
    title: 'System Settings',
    description: 'Mail, the assistant, storage, jobs, two-factor policy and defaults for new associations.',
    icon: IconSettings,
    color: 'gray',
  },
];

export function AdminPortalPage() {
  const portal = portals.admin;
  return (
    <>
      <PageHeader title={portal.name} description={portal.description} />
      <Stack gap="xl" maw={1100}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {sections.map(({ to, title, description, icon: Icon, color }) => (
            <Card
              key={to}
              component={Link}
              to={to}
              withBorder
              radius="lg"
              padding="lg"
              className={classes.card}
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <ThemeIcon variant="light" color={color} size={44} radius="md">
                  <Icon size={24} aria-hidden />
                </ThemeIcon>
                <IconArrowRight size={18} className={classes.arrow} aria-hidden />
              </Group>
              <Title order={2} size="h4" mt="md">
                {title}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {description}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </>
  );
}
