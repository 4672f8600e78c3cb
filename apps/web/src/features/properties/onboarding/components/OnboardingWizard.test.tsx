import type { OnboardingStep, User } from '@commonwise/contracts';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../../lib/api.ts';
import {
  createTestQueryClient,
  jsonResponse,
  makeUser,
  mockFetch,
  renderRoutes,
  TestProviders,
} from '../../../../test/render.tsx';
import { submitOnboarding, uploadOnboardingDocument } from '../api.ts';
import { createDraft, saveDraft, type OnboardingDraft } from '../draft.ts';
import { OnboardingProvider } from '../OnboardingProvider.tsx';
import { useOnboarding } from '../use-onboarding.ts';
import { BasicInfoStep } from './BasicInfoStep.tsx';
import { CompleteStep } from './CompleteStep.tsx';
import { DocumentsStep } from './DocumentsStep.tsx';
import { ManagersStep } from './ManagersStep.tsx';
import { OnboardingLayout } from './OnboardingLayout.tsx';
import { ResidentsStep } from './ResidentsStep.tsx';
import { ReviewStep } from './ReviewStep.tsx';
import { WelcomeStep } from './WelcomeStep.tsx';

vi.mock('../api.ts', () => ({
  submitOnboarding: vi.fn(),
  uploadOnboardingDocument: vi.fn(),
  previewOnboardingUnits: vi.fn(),
}));

const base = '/admin-portal/property-onboarding';
const steps: [OnboardingStep, ReactNode][] = [
  ['start', <WelcomeStep />],
  ['basic-info', <BasicInfoStep />],
  ['documents', <DocumentsStep />],
  ['managers', <ManagersStep />],
  ['residents', <ResidentsStep />],
  ['review', <ReviewStep />],
  ['complete', <CompleteStep />],
];
const routes: RouteObject[] = [
  {
    path: base,
    element: <OnboardingLayout />,
    children: steps.map(([path, element]) => ({ path, element })),
  },
  { path: '*', element: <p>Elsewhere</p> },
];

function person(role: 'manager' | 'resident', id: string, fullName: string): User {
  return {
    ...makeUser(role, { id, fullName, email: `${id}@example.com` }),
    isActive: true,
    invitationPending: false,
  };
}
const managers = [person('manager', 'm1', 'Maria Santos'), person('manager', 'm2', 'Marcus Reed')];
const residents = [person('resident', 'r1', 'Ryan Chen'), person('resident', 'r2', 'Priya Patel')];

function mockPeople() {
  return mockFetch((url) => {
    if (url.startsWith('/api/users?role=manager')) return jsonResponse(200, { users: managers, total: 2 });
    if (url.startsWith('/api/users?role=resident')) return jsonResponse(200, { users: residents, total: 2 });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `No ${url}` } });
  });
}

function renderWizard(path: string) {
  return renderRoutes(routes, { initialEntry: `${base}/${path}`, user: makeUser('admin') });
}

/** A draft through every step up to Review, as if the admin had filled them in. */
function readyDraft(overrides: Partial<OnboardingDraft> = {}): OnboardingDraft {
  const draft = createDraft();
  return {
    ...draft,
    hasStarted: true,
    basicInfo: { ...draft.basicInfo, name: 'Oak Court', address: '1 Oak Court, Madison', units: 4 },
    managers: { selectedManagers: ['m1'], primaryManager: 'm1' },
    residents: { initialResidents: [{ userId: 'r1', unitNumber: '4', kind: 'tenant' }] },
    completedSteps: ['basic-info', 'documents', 'managers', 'residents'],
    ...overrides,
  };
}

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(submitOnboarding).mockReset();
  vi.mocked(uploadOnboardingDocument).mockReset();
});
afterEach(() => sessionStorage.clear());

describe('useOnboarding', () => {
  it('throws its clear error outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useOnboarding())).toThrow(
      'useOnboarding must be used within an OnboardingProvider',
    );
    vi.mocked(console.error).mockRestore();
  });

  it('keeps the draft across a reload in the same tab, and resets it to the defaults', () => {
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders queryClient={queryClient}>
        <OnboardingProvider>{children}</OnboardingProvider>
      </TestProviders>
    );
    const first = renderHook(() => useOnboarding(), { wrapper });
    act(() => {
      first.result.current.start();
      first.result.current.updateBasicInfo({
        ...first.result.current.draft.basicInfo,
        name: 'Oak Court',
        units: 12,
        status: 'active',
      });
      first.result.current.updateManagers({ selectedManagers: ['m1'], primaryManager: 'm1' });
      first.result.current.completeStep('basic-info');
    });
    const key = first.result.current.draft.idempotencyKey;
    first.unmount();

    // A reload: a new provider reads the same tab's storage.
    const second = renderHook(() => useOnboarding(), { wrapper });
    expect(second.result.current.draft).toMatchObject({
      idempotencyKey: key,
      hasStarted: true,
      basicInfo: { name: 'Oak Court', units: 12, status: 'active', type: 'residential' },
      managers: { selectedManagers: ['m1'], primaryManager: 'm1' },
      completedSteps: ['basic-info'],
    });

    act(() => second.result.current.reset());
    expect(second.result.current.draft.basicInfo).toEqual({
      name: '',
      address: '',
      type: 'residential',
      description: '',
      units: 1,
      status: 'pending',
      jurisdiction: 'none',
      timeZone: 'America/Los_Angeles',
    });
    expect(second.result.current.draft.hasStarted).toBe(false);
    expect(second.result.current.draft.idempotencyKey).not.toBe(key);
  });

  it("starts a new draft from the installation's defaults, and a started draft keeps its own", async () => {
    mockFetch((url) =>
      url === '/api/settings/system/defaults'
        ? jsonResponse(200, { jurisdiction: 'FL-720', timeZone: 'America/New_York' })
        : jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }),
    );
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders queryClient={queryClient}>
        <OnboardingProvider>{children}</OnboardingProvider>
      </TestProviders>
    );
    const fresh = renderHook(() => useOnboarding(), { wrapper });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    act(() => fresh.result.current.start());
    expect(fresh.result.current.draft.basicInfo).toMatchObject({
      jurisdiction: 'FL-720',
      timeZone: 'America/New_York',
    });
    act(() =>
      fresh.result.current.updateBasicInfo({
        ...fresh.result.current.draft.basicInfo,
        timeZone: 'America/Denver',
      }),
    );
    fresh.unmount();
    const reloaded = renderHook(() => useOnboarding(), { wrapper });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(reloaded.result.current.draft.basicInfo).toMatchObject({
      jurisdiction: 'FL-720',
      timeZone: 'America/Denver',
    });
  });
});

describe('step guards', () => {
  it('sends a direct visit to a later step back to the start when nothing was begun', async () => {
    const { router } = renderWizard('review');
    expect(
      await screen.findByRole('heading', { name: 'Welcome to Property Onboarding' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${base}/start`);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a visit to the first incomplete step', async () => {
    saveDraft({ ...readyDraft(), completedSteps: ['basic-info', 'documents'] });
    const { router } = renderWizard('review');
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/managers`));
  });

  it('does not show step 7 without a created property', async () => {
    saveDraft({ ...createDraft(), hasStarted: true });
    const { router } = renderWizard('complete');
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/basic-info`));
  });

  it('offers to continue a draft in progress where it stopped, or to start over', async () => {
    saveDraft({ ...readyDraft(), completedSteps: ['basic-info'] });
    const user = userEvent.setup();
    const { router } = renderWizard('start');
    expect(await screen.findByText('An onboarding is in progress')).toBeInTheDocument();
    expect(screen.getByText(/You were setting up Oak Court/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start over?' });
    await user.click(within(dialog).getByRole('button', { name: 'Start Over' }));
    await waitFor(() => expect(screen.queryByText('An onboarding is in progress')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Start Onboarding' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${base}/start`);
  });

  it('Continue Onboarding goes to the first step that still needs something', async () => {
    saveDraft({ ...readyDraft(), completedSteps: ['basic-info'] });
    const user = userEvent.setup();
    const { router } = renderWizard('start');
    await user.click(await screen.findByRole('button', { name: 'Continue Onboarding' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/documents`));
  });

  it('walks forward with the onboarding wording, and Back returns to the previous step', async () => {
    mockPeople();
    const user = userEvent.setup();
    const { router } = renderWizard('start');
    await user.click(await screen.findByRole('button', { name: 'Start Onboarding' }));
    await screen.findByRole('heading', { name: 'Basic Info' });
    expect(screen.getByRole('combobox', { name: /^Initial Status/ })).toHaveValue('Pending Setup');

    await user.clear(screen.getByRole('textbox', { name: /^Units/ }));
    await user.type(screen.getByRole('textbox', { name: /^Units/ }), '0');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Must have at least 1 unit')).toBeInTheDocument();
    expect(screen.getByText('Property name is required')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Property name/ }), 'Oak Court');
    await user.type(screen.getByRole('textbox', { name: /^Address/ }), '1 Oak Court, Madison');
    await user.clear(screen.getByRole('textbox', { name: /^Units/ }));
    await user.type(screen.getByRole('textbox', { name: /^Units/ }), '2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Documents' });
    expect(router.state.location.pathname).toBe(`${base}/documents`);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Basic Info' });
    // What was typed is still there.
    expect(screen.getByRole('textbox', { name: /^Property name/ })).toHaveValue('Oak Court');
  });
});

describe('the steps', () => {
  it('lists chosen files with their size and ticks the checklist by file name', async () => {
    saveDraft({ ...readyDraft(), completedSteps: ['basic-info'] });
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderWizard('documents');
    await screen.findByRole('heading', { name: 'Documents' });
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toContain('.pdf');
    await user.upload(input, [
      new File([new Uint8Array(1572864)], 'Oak-CCRs.pdf', { type: 'application/pdf' }),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    ]);
    const chosen = screen.getByRole('list', { name: 'Chosen files' });
    expect(within(chosen).getByText('Oak-CCRs.pdf')).toBeInTheDocument();
    expect(within(chosen).getByText('1.50 MB')).toBeInTheDocument();
    expect(screen.getByText(/Not a PDF, DOC, DOCX, JPG, JPEG or PNG file: notes.txt/)).toBeInTheDocument();
    const checklist = screen.getByRole('list', { name: 'Document checklist' });
    expect(within(checklist).getByText('Added: Oak-CCRs.pdf')).toBeInTheDocument();
    expect(within(checklist).getAllByText('Not added yet')).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Remove Oak-CCRs.pdf' }));
    expect(within(checklist).getAllByText('Not added yet')).toHaveLength(5);
  });

  it('selects managers, the first one primary, and Set as Primary moves it', async () => {
    mockPeople();
    saveDraft({
      ...readyDraft({ managers: { selectedManagers: [], primaryManager: null } }),
      completedSteps: ['basic-info', 'documents'],
    });
    const user = userEvent.setup();
    renderWizard('managers');
    await user.click(await screen.findByRole('checkbox', { name: /Maria Santos/ }));
    await user.click(screen.getByRole('checkbox', { name: /Marcus Reed/ }));
    expect(screen.getByText('Primary')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set Marcus Reed as Primary' }));
    expect(screen.getByRole('button', { name: 'Set Maria Santos as Primary' })).toBeInTheDocument();
  });

  it('shows an empty state with the users page when nobody is a manager', async () => {
    mockFetch(() => jsonResponse(200, { users: [], total: 0 }));
    saveDraft({ ...readyDraft(), completedSteps: ['basic-info', 'documents'] });
    renderWizard('managers');
    expect(await screen.findByText('No managers yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'User Management' })).toHaveAttribute(
      'href',
      '/admin-portal/users',
    );
  });

  it('offers each resident once, places them in the numbered units, sums up the units, and asks for a unit', async () => {
    mockPeople();
    saveDraft({
      ...readyDraft({ residents: { initialResidents: [] } }),
      completedSteps: ['basic-info', 'documents', 'managers'],
    });
    const user = userEvent.setup();
    const { router } = renderWizard('residents');
    await user.click(await screen.findByRole('combobox', { name: 'Resident 1' }));
    await user.click(await screen.findByRole('option', { name: /Ryan Chen/ }));
    await user.click(screen.getByRole('combobox', { name: 'Unit Number 1' }));
    await user.click(await screen.findByRole('option', { name: '4' }));
    const summary = screen.getByRole('group', { name: 'Units summary' });
    expect(summary).toHaveTextContent('Total Units4');
    expect(summary).toHaveTextContent('Assigned1');
    expect(summary).toHaveTextContent('Available3');

    await user.click(screen.getByRole('button', { name: 'Add Resident' }));
    await user.click(screen.getByRole('combobox', { name: 'Resident 2' }));
    expect(screen.queryByRole('option', { name: /Ryan Chen/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /Priya Patel/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please choose a unit')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${base}/residents`);

    await user.click(screen.getByRole('button', { name: 'Remove resident row 2' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/review`));
  });
});

describe('Review & Confirm', () => {
  const created = {
    property: { id: 'p1', name: 'Oak Court' },
    managers: [],
    residents: [],
  } as unknown as Awaited<ReturnType<typeof submitOnboarding>>;

  async function chooseFile(user: ReturnType<typeof userEvent.setup>, names: string[]) {
    // Files are chosen on the Documents step (the File objects are not kept in sessionStorage here).
    await user.click(await screen.findByRole('link', { name: 'Edit Documents' }));
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(
      input,
      names.map((name) => new File(['%PDF-1.4'], name, { type: 'application/pdf' })),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Review & Confirm' });
  }

  it('keeps the draft and re-enables Create Property when the server refuses, with the reason', async () => {
    mockPeople();
    saveDraft(readyDraft());
    let reject!: (error: unknown) => void;
    vi.mocked(submitOnboarding).mockReturnValue(new Promise((_resolve, fail) => (reject = fail)));
    const user = userEvent.setup();
    const { router } = renderWizard('review');
    await screen.findByText('Maria Santos');
    await user.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(screen.getByRole('button', { name: 'Creating Property...' })).toBeDisabled();

    await act(async () =>
      reject(
        new ApiRequestError({
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Maria Santos is deactivated: reactivate them before adding them to a property.',
          fields: {
            'managers.userIds.0':
              'Maria Santos is deactivated: reactivate them before adding them to a property.',
          },
        }),
      ),
    );
    const alert = (await screen.findAllByRole('alert')).find((element) =>
      element.textContent?.includes('Nothing was created'),
    )!;
    expect(alert).toHaveTextContent('Failed to create property');
    expect(alert).toHaveTextContent('Maria Santos is deactivated');
    expect(screen.getByRole('button', { name: 'Create Property' })).toBeEnabled();
    expect(router.state.location.pathname).toBe(`${base}/review`);
    expect(JSON.parse(sessionStorage.getItem('commonwise.onboarding.draft')!).basicInfo.name).toBe(
      'Oak Court',
    );
  });

  it('retries with the same key and uploads again only the files that failed', async () => {
    mockPeople();
    saveDraft(readyDraft());
    vi.mocked(submitOnboarding).mockResolvedValue(created);
    const uploads = vi.mocked(uploadOnboardingDocument);
    uploads.mockImplementation(async (_propertyId, input, onProgress) => {
      onProgress(0.5);
      if (input.file.name === 'Oak-Bylaws.pdf' && uploads.mock.calls.length === 2)
        throw new ApiRequestError({
          status: 413,
          code: 'FILE_TOO_LARGE',
          message: 'The file is larger than 25 MB.',
        });
      return { id: `doc-${input.file.name}` } as Awaited<ReturnType<typeof uploadOnboardingDocument>>;
    });
    const user = userEvent.setup();
    const { router } = renderWizard('review');
    await chooseFile(user, ['Oak-CCRs.pdf', 'Oak-Bylaws.pdf']);

    await user.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(await screen.findByText('Not uploaded: The file is larger than 25 MB.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry Uploads' })).toBeEnabled();
    expect(submitOnboarding).toHaveBeenCalledTimes(1);
    const key = vi.mocked(submitOnboarding).mock.calls[0]![0].idempotencyKey;
    expect(
      uploads.mock.calls.map(([propertyId, input]) => [propertyId, input.file.name, input.category]),
    ).toEqual([
      ['p1', 'Oak-CCRs.pdf', 'ccr'],
      ['p1', 'Oak-Bylaws.pdf', 'bylaws'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Retry Uploads' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/complete`));
    // No second create call; only the failed file went again.
    expect(submitOnboarding).toHaveBeenCalledTimes(1);
    expect(uploads.mock.calls.map(([, input]) => input.file.name)).toEqual([
      'Oak-CCRs.pdf',
      'Oak-Bylaws.pdf',
      'Oak-Bylaws.pdf',
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Property Created Successfully!' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Oak Court is set up with 1 manager, 1 resident and 2 documents/),
    ).toBeInTheDocument();
    // The draft was reset: a new key, the defaults.
    await waitFor(() => {
      const saved = JSON.parse(sessionStorage.getItem('commonwise.onboarding.draft')!);
      expect(saved.idempotencyKey).not.toBe(key);
      expect(saved.basicInfo).toMatchObject({ name: '', type: 'residential', units: 1, status: 'pending' });
    });
    expect(screen.getByRole('link', { name: 'View Property Details' })).toHaveAttribute(
      'href',
      '/admin-portal/properties/p1',
    );
  });

  it('asks for a category for a file whose name fits none, before creating anything', async () => {
    mockPeople();
    saveDraft(readyDraft());
    const user = userEvent.setup();
    renderWizard('review');
    await chooseFile(user, ['Property Deed.pdf']);
    expect(
      screen.getByText('No document category is meant for a deed: choose the closest one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Property' })).toBeDisabled();
  });
});
