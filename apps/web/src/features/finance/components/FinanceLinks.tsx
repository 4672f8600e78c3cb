import { Button, Group } from '@mantine/core';
import {
  IconBook2,
  IconCalendarDollar,
  IconChartBar,
  IconAlertTriangle,
  IconFileAnalytics,
  IconReportMoney,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  assessmentsPagePath,
  balancesPagePath,
  booksPagePath,
  budgetPagePath,
  collectionsPagePath,
  reportPagePath,
} from '../api.ts';

const pages = [
  { key: 'books', label: 'Books', path: booksPagePath, icon: IconBook2 },
  { key: 'assessments', label: 'Assessments', path: assessmentsPagePath, icon: IconCalendarDollar },
  { key: 'budget', label: 'Budget', path: budgetPagePath, icon: IconChartBar },
  { key: 'balances', label: 'Owner balances', path: balancesPagePath, icon: IconReportMoney },
  { key: 'collections', label: 'Collections', path: collectionsPagePath, icon: IconAlertTriangle },
  { key: 'report', label: 'Monthly report', path: reportPagePath, icon: IconFileAnalytics },
] as const;

/** The association's finance pages, each linking to the others. */
export function FinanceLinks({
  propertyId,
  current,
}: {
  propertyId: string;
  current: (typeof pages)[number]['key'];
}) {
  return (
    <Group component="nav" gap="sm" aria-label="Finance pages">
      {pages
        .filter((page) => page.key !== current)
        .map(({ key, label, path, icon: Icon }) => (
          <Button
            key={key}
            component={Link}
            to={path(propertyId)}
            variant="light"
            size="sm"
            leftSection={<Icon size={16} aria-hidden />}
          >
            {label}
          </Button>
        ))}
    </Group>
  );
}
