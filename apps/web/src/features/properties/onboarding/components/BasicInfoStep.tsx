import { PropertyForm } from '../../components/PropertyForm.tsx';
import { useOnboarding } from '../use-onboarding.ts';
import { StepFrame, useStepNavigation } from './StepFrame.tsx';

/** Step 2: the property form, in onboarding's words ('Initial Status', 'Must have at least 1 unit'). */
export function BasicInfoStep() {
  const { draft, updateBasicInfo } = useOnboarding();
  const { goBack, goNext } = useStepNavigation('basic-info');

  return (
    <StepFrame
      title="Basic Info"
      description="The property's details. Everything here can be changed later on the property's page."
    >
      <PropertyForm
        variant="onboarding"
        initialValues={draft.basicInfo}
        onValuesChange={updateBasicInfo}
        submitLabel="Next"
        cancelLabel="Back"
        onCancel={goBack}
        onSubmit={async (input) => {
          updateBasicInfo({
            name: input.name,
            address: input.address,
            type: input.type ?? 'residential',
            description: input.description ?? '',
            units: input.units ?? 1,
            status: input.status ?? 'pending',
            jurisdiction: input.jurisdiction ?? draft.basicInfo.jurisdiction,
            timeZone: input.timeZone ?? draft.basicInfo.timeZone,
          });
          goNext();
        }}
      />
    </StepFrame>
  );
}
