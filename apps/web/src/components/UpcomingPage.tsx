import { EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader.tsx';

interface UpcomingPageProps {
  title: string;
  description: string;
  icon: ReactNode;
  noticeTitle: string;
  notice: string;
}

/** A page whose route and menu entry exist before its content does; it says so plainly. */
export function UpcomingPage({ title, description, icon, noticeTitle, notice }: UpcomingPageProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Paper withBorder radius="lg" p="xl" maw={900}>
        <EmptyState icon={icon} withIndicatorBackground title={noticeTitle} description={notice} />
      </Paper>
    </>
  );
}
