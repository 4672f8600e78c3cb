import type { OnboardingStep } from '@commonwise/contracts';
import { onboardingSteps } from '@commonwise/contracts';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { stepPath } from '../draft.ts';
import { useOnboarding } from '../use-onboarding.ts';

interface StepFrameProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** The buttons at the bottom: Back on the left, the way forward on the right. */
  actions?: ReactNode;
}

/** One step's heading, content and buttons. */
export function StepFrame({ title, description, children, actions }: StepFrameProps) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {children}
      {actions ? (
        <Group justify="space-between" gap="sm" pt="sm" wrap="wrap">
          {actions}
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * Next and Back for a step. Edit links on the Review step add ?return=review, so Next goes back
 * there instead of walking through every later step again.
 */
export function useStepNavigation(step: OnboardingStep) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { completeStep, skipStep } = useOnboarding();
  const index = onboardingSteps.indexOf(step);
  const next = searchParams.get('return') === 'review' ? 'review' : onboardingSteps[index + 1]!;
  const previous = onboardingSteps[Math.max(0, index - 1)]!;
  return {
    goBack: () => void navigate(stepPath(previous)),
    goNext: () => {
      completeStep(step);
      void navigate(stepPath(next));
    },
    skip: (skippable: 'documents' | 'managers' | 'residents') => {
      skipStep(skippable);
      void navigate(stepPath(next));
    },
  };
}

export function BackButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onClick}>
      Back
    </Button>
  );
}

export function NextButton({ onClick, label = 'Next' }: { onClick: () => void; label?: string }) {
  return (
    <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={onClick}>
      {label}
    </Button>
  );
}

export function SkipButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="subtle" onClick={onClick}>
      Skip for Now
    </Button>
  );
}
