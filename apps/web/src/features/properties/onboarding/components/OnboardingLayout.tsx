import { onboardingSteps, type OnboardingStep } from '@commonwise/contracts';
import { Box, Group, Paper, Progress, Stepper, Text } from '@mantine/core';
import { Navigate, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { PageHeader } from '../../../../components/PageHeader.tsx';
import { canVisitStep, firstIncompleteStep, stepPath, stepTitles } from '../draft.ts';
import { OnboardingProvider } from '../OnboardingProvider.tsx';
import { useOnboarding } from '../use-onboarding.ts';

/** /admin-portal/property-onboarding/*: the draft, the progress indicator and the current step. */
export function OnboardingLayout() {
  return (
    <OnboardingProvider>
      <OnboardingFrame />
    </OnboardingProvider>
  );
}

const shortStepTitles = { ...stepTitles, review: 'Review' };

function stepOf(pathname: string): OnboardingStep | null {
  const segment = pathname.replace(/\/+$/, '').split('/').pop();
  return onboardingSteps.find((step) => step === segment) ?? null;
}

function OnboardingFrame() {
  const { draft, completion } = useOnboarding();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const step = stepOf(pathname);

  // A visit to a step whose earlier data is missing (a bookmark, a typed URL) lands on the first
  // step that still needs something.
  if (!step || !canVisitStep(step, draft, completion)) {
    return <Navigate to={stepPath(firstIncompleteStep(draft))} replace />;
  }

  return (
    <Box maw={960}>
      <PageHeader
        title="Property Onboarding"
        documentTitle={`${stepTitles[step]} · Property Onboarding`}
        description="Set up a new property step by step: its details, documents, managers and residents."
      />
      <OnboardingProgress step={step} />
      {/* While the next step loads, this one takes no more clicks: a second click on Next or Skip
          for Now would otherwise act on the step being left. */}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} mt="lg" inert={navigation.state !== 'idle'}>
        <Outlet />
      </Paper>
    </Box>
  );
}

/** The seven steps: a stepper on wide screens (labels shortened to fit one line), "Step n of 7" with a bar on a phone. */
function OnboardingProgress({ step }: { step: OnboardingStep }) {
  const { draft, completion } = useOnboarding();
  const navigate = useNavigate();
  const active = onboardingSteps.indexOf(step);
  const label = `Step ${active + 1} of ${onboardingSteps.length}: ${stepTitles[step]}`;

  return (
    <nav aria-label="Onboarding progress">
      <Stepper
        visibleFrom="lg"
        active={step === 'complete' ? onboardingSteps.length : active}
        size="xs"
        iconSize={28}
        wrap={false}
        styles={{ stepLabel: { whiteSpace: 'nowrap' } }}
        onStepClick={(index) => void navigate(stepPath(onboardingSteps[index]!))}
      >
        {onboardingSteps.map((candidate) => (
          <Stepper.Step
            key={candidate}
            label={shortStepTitles[candidate]}
            aria-current={candidate === step ? 'step' : undefined}
            allowStepSelect={
              candidate !== step && step !== 'complete' && canVisitStep(candidate, draft, completion)
            }
          />
        ))}
      </Stepper>
      <Box hiddenFrom="lg">
        <Group justify="space-between" gap="xs" mb={6}>
          <Text size="sm" fw={600}>
            {label}
          </Text>
        </Group>
        <Progress
          value={((active + 1) / onboardingSteps.length) * 100}
          size="sm"
          radius="xl"
          aria-label={label}
        />
      </Box>
    </nav>
  );
}
