import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconBuildingEstate, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { portals } from '../../../lib/portals.ts';
import classes from './AdminPortalPage.module.css';

const sections = [
  {
    to: '/admin-portal/properties',
    title: 'Property Management',
    description: 'See every property with its type, address, units and status.',
    icon: IconBuildingEstate,
    color: 'indigo',
  },
  {
    to: '/admin-portal/users',
    title: 'User Management',
    description: 'Find the people who use Commonwise and see their roles.',
    icon: IconUsers,
    color: 'teal',
  },
];

export function AdminPortalPage() {
  const portal = portals.admin;
  return (
    <>
      <PageHeader title={portal.name} description={portal.description} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" maw={900}>
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
    </>
  );
}
