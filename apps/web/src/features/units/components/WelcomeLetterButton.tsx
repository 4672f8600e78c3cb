import { Button, type ButtonProps } from '@mantine/core';
import { IconMailPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { showFailureToast, showSuccessToast } from '../../../lib/toasts.ts';
import { letterPagePath, useCreateWelcomeLetter } from '../../letters/api.ts';

/**
 * Makes a draft welcome letter for a new owner of a unit (issue 18), from the association's welcome
 * template, and opens it: nothing is sent until the manager sends it there.
 */
export function WelcomeLetterButton({
  propertyId,
  unitId,
  userId,
  fullName,
  ...props
}: { propertyId: string; unitId: string; userId: string; fullName: string } & ButtonProps) {
  const navigate = useNavigate();
  const create = useCreateWelcomeLetter(propertyId);
  return (
    <Button
      variant="light"
      leftSection={<IconMailPlus size={16} aria-hidden />}
      loading={create.isPending}
      aria-label={`Welcome letter for ${fullName}`}
      onClick={() =>
        create.mutate(
          { unitId, userId },
          {
            onSuccess: (letter) => {
              showSuccessToast('Draft welcome letter made. Check it, then send it.');
              void navigate(letterPagePath(propertyId, letter.id));
            },
            onError: (error) => showFailureToast('Failed to make the welcome letter', error),
          },
        )
      }
      {...props}
    >
      Welcome letter
    </Button>
  );
}
