import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RelatedWorkOrdersRow } from './WorkOrderSummary.tsx';

describe('RelatedWorkOrdersRow (issue 26: linked requests are shown, not only stored)', () => {
  it('names each related request by its reference, title and status', () => {
    render(
      <MantineProvider env="test">
        <dl>
          <RelatedWorkOrdersRow
            related={[
              {
                id: '00000000-0000-4000-8000-000000000001',
                reference: 'WC-1042',
                summary: 'Kitchen sink leaking under the cabinet',
                status: 'in_progress',
              },
            ]}
          />
        </dl>
      </MantineProvider>,
    );
    expect(screen.getByText('Related')).toBeInTheDocument();
    expect(
      screen.getByText('WC-1042 Kitchen sink leaking under the cabinet (In Progress)'),
    ).toBeInTheDocument();
  });

  it('shows nothing when no request is linked', () => {
    render(
      <MantineProvider env="test">
        <RelatedWorkOrdersRow related={undefined} />
      </MantineProvider>,
    );
    expect(screen.queryByText('Related')).not.toBeInTheDocument();
  });
});
