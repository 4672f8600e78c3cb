import { Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { StatusMessage } from './StatusMessage.tsx';

interface ErrorStateProps {
  title: string;
  description?: ReactNode;
  onRetry?: () => void;
  isRetrying?: boolean;
  headingOrder?: 1 | 2 | 3;
}

export function ErrorState({ title, description, onRetry, isRetrying, headingOrder }: ErrorStateProps) {
  return (
    <StatusMessage
      color="red"
      headingOrder={headingOrder}
      icon={<IconAlertTriangle size={32} aria-hidden />}
      title={title}
      description={description}
      actions={
        onRetry ? (
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={onRetry}
            loading={isRetrying}
          >
            Try again
          </Button>
        ) : null
      }
    />
  );
}
