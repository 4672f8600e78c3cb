import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok, refused } from '../../../test/fake-server.ts';
import { makeProject } from '../../../test/projects.ts';
import { makeUser, renderWithRouter } from '../../../test/render.tsx';
import { ProjectTeamCard } from './ProjectTeamCard.tsx';

const dana = { id: 'user-dana', fullName: 'Dana Lee', email: 'dana@example.com', role: 'developer' as const };

describe('ProjectTeamCard', () => {
  it('lists the team and adds a developer by e-mail', async () => {
    const project = makeProject();
    const server = fakeServer([
      ['POST', /^\/api\/projects\/[^/]+\/members$/, ok({ ...project, team: [...project.team, dana] })],
    ]);
    renderWithRouter(<ProjectTeamCard project={project} />, { user: makeUser('developer') });
    const team = screen.getByRole('list', { name: 'Project team' });
    expect(
      within(team)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Pat DeveloperDeveloperdeveloper@commonwise.test',
      'Maria SantosManagermaria@commonwise.test',
    ]);
    // The only developer cannot be taken off.
    expect(screen.queryByRole('button', { name: /off the project/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(server.writes()).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /Add a developer by e-mail/ }), 'dana@example.com');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        expect.objectContaining({ method: 'POST', body: { email: 'dana@example.com' } }),
      ]),
    );
  });

  it('says why the server refused, and asks before taking someone off', async () => {
    const project = makeProject({ team: [...makeProject().team, dana] });
    const server = fakeServer([
      [
        'POST',
        /^\/api\/projects\/[^/]+\/members$/,
        refused(
          422,
          'NOT_A_DEVELOPER',
          'resident@commonwise.test is not an active developer account here: an administrator invites them as a developer first.',
          {
            email: 'Not a developer account',
          },
        ),
      ],
      ['DELETE', /^\/api\/projects\/[^/]+\/members\/user-dana$/, new Response(null, { status: 204 })],
    ]);
    renderWithRouter(<ProjectTeamCard project={project} />, { user: makeUser('developer') });
    const user = userEvent.setup();
    await user.type(
      screen.getByRole('textbox', { name: /Add a developer by e-mail/ }),
      'resident@commonwise.test',
    );
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText(
        'resident@commonwise.test is not an active developer account here: an administrator invites them as a developer first.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Take Dana Lee off the project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take them off the project?' });
    expect(dialog).toHaveTextContent('Dana Lee will no longer see Cedar Ridge or its community');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(server.writes().map((call) => `${call.method} ${call.url}`)).toContain(
        `DELETE /api/projects/${project.id}/members/user-dana`,
      ),
    );
  });
});
