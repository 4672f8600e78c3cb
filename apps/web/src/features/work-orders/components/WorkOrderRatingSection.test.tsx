import type { WorkOrderRating, WorkOrderRatingState } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { jsonResponse, makeUser, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { WorkOrderRatingSection } from './WorkOrderRatingSection.tsx';

// The comment's Textarea grows with its text (autosize), which reads document.fonts.
beforeAll(stubDocumentFonts);

const workOrderId = '3f6c1e2a-9b7d-4c1e-8f00-1a2b3ec11b30';
const ratingPath = `/api/work-orders/${workOrderId}/rating`;
const resident = makeUser('resident', { id: 'user-ryan', fullName: 'Ryan Chen' });

const given = (rating: number, comment: string | null): WorkOrderRating => ({
  rating,
  comment,
  ratedBy: { id: 'user-ryan', fullName: 'Ryan Chen' },
  vendorName: 'Victor Ortiz',
  createdAt: '2026-03-20T10:00:00.000Z',
});

type Post = { rating: number; comment?: string };

/** The server: the rating's state now, and what a POST answers (the rating given, by default). */
function fakeServer(initial: WorkOrderRatingState, answer?: (body: Post) => Response) {
  let state = initial;
  const posts: Post[] = [];
  const fetchMock = mockFetch((url, init) => {
    if (url === ratingPath && (init?.method ?? 'GET') === 'GET') return jsonResponse(200, state);
    if (url === ratingPath && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Post;
      posts.push(body);
      if (answer) return answer(body);
      state = { rating: given(body.rating, body.comment ?? null), canRate: false };
      return jsonResponse(201, state.rating);
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  return {
    posts,
    fetchMock,
    setState: (next: WorkOrderRatingState) => {
      state = next;
    },
  };
}

function renderSection(user = resident, status: 'completed' | 'in_progress' = 'completed') {
  return renderWithRouter(<WorkOrderRatingSection workOrder={{ id: workOrderId, status }} />, { user });
}

describe('WorkOrderRatingSection', () => {
  it('lets the resident choose stars and a comment, sends them, and shows the rating given', async () => {
    const server = fakeServer({ rating: null, canRate: true });
    const user = userEvent.setup();
    renderSection();

    const section = await screen.findByRole('region', { name: 'How did it go?' });
    const stars = within(section).getByRole('radiogroup', { name: /Your rating/ });
    // Nothing chosen: said at once, nothing sent.
    await user.click(within(section).getByRole('button', { name: 'Send rating' }));
    expect(await within(section).findByText('Choose 1 to 5 stars')).toBeInTheDocument();
    expect(server.posts).toEqual([]);

    await user.click(within(stars).getByRole('radio', { name: '4 stars: Very good' }));
    expect(within(section).getByText('4 of 5: Very good')).toBeInTheDocument();
    expect(within(section).queryByText('Choose 1 to 5 stars')).not.toBeInTheDocument();
    await user.type(
      within(section).getByRole('textbox', { name: 'Comment (optional)' }),
      '  Quick and tidy; the cabinet is dry.  ',
    );
    await user.click(within(section).getByRole('button', { name: 'Send rating' }));

    await waitFor(() =>
      expect(server.posts).toEqual([{ rating: 4, comment: 'Quick and tidy; the cabinet is dry.' }]),
    );
    const result = await screen.findByRole('region', { name: 'Your rating' });
    expect(result).toHaveTextContent('You rated this work 4 of 5');
    expect(result).toHaveTextContent('Quick and tidy; the cabinet is dry.');
    expect(within(result).getByRole('img', { name: '4 of 5 stars' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send rating' })).not.toBeInTheDocument();
  });

  it('chooses the stars with the arrow keys too, and sends no comment when none is written', async () => {
    const server = fakeServer({ rating: null, canRate: true });
    const user = userEvent.setup();
    renderSection();
    const section = await screen.findByRole('region', { name: 'How did it go?' });
    await user.click(within(section).getByRole('radio', { name: '2 stars: Fair' }));
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(within(section).getByText('5 of 5: Excellent')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Send rating' }));
    await waitFor(() => expect(server.posts).toEqual([{ rating: 5 }]));
    expect(await screen.findByText('You rated this work 5 of 5')).toBeInTheDocument();
  });

  it('shows the server’s refusal when the work is no longer completed, keeping what was written', async () => {
    const message = 'The work can be rated once the work order is completed.';
    const server = fakeServer({ rating: null, canRate: true }, () =>
      jsonResponse(409, { error: { code: 'NOT_COMPLETED', message, fields: { rating: message } } }),
    );
    const user = userEvent.setup();
    renderSection();
    const section = await screen.findByRole('region', { name: 'How did it go?' });
    await user.click(within(section).getByRole('radio', { name: '3 stars: Good' }));
    await user.type(within(section).getByRole('textbox', { name: 'Comment (optional)' }), 'Fine');
    await user.click(within(section).getByRole('button', { name: 'Send rating' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(message);
    expect(server.posts).toHaveLength(1);
    expect(within(section).getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue('Fine');
  });

  it('shows the rating given elsewhere when the server says it was rated already', async () => {
    const message = 'You already rated this work: a rating is given once.';
    const server = fakeServer({ rating: null, canRate: true }, () => {
      server.setState({ rating: given(2, 'Came late.'), canRate: false });
      return jsonResponse(409, { error: { code: 'ALREADY_RATED', message } });
    });
    const user = userEvent.setup();
    renderSection();
    const section = await screen.findByRole('region', { name: 'How did it go?' });
    await user.click(within(section).getByRole('radio', { name: '5 stars: Excellent' }));
    await user.click(within(section).getByRole('button', { name: 'Send rating' }));
    const result = await screen.findByRole('region', { name: 'Your rating' });
    expect(result).toHaveTextContent(message);
    expect(result).toHaveTextContent('You rated this work 2 of 5');
    expect(result).toHaveTextContent('Came late.');
  });

  it('shows a manager the resident’s rating, read-only', async () => {
    fakeServer({ rating: given(4, 'Good work.'), canRate: false });
    renderSection(makeUser('manager', { fullName: 'Maria Santos' }));
    const section = await screen.findByRole('region', { name: 'Resident’s rating' });
    expect(section).toHaveTextContent('Ryan Chen rated this work 4 of 5');
    expect(section).toHaveTextContent('Good work.');
    expect(section).toHaveTextContent('not shown to the vendor');
    expect(within(section).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('tells a manager when there is no rating yet', async () => {
    fakeServer({ rating: null, canRate: false });
    renderSection(makeUser('board'));
    expect(await screen.findByText('The resident has not rated this work yet.')).toBeInTheDocument();
  });

  it('shows the vendor nothing and asks nothing, and nobody anything before completion', async () => {
    const server = fakeServer({ rating: null, canRate: false });
    const { unmount } = renderSection(makeUser('vendor'));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    unmount();
    renderSection(resident, 'in_progress');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(server.fetchMock).not.toHaveBeenCalled();
  });

  it('says when the rating could not be loaded, and tries again', async () => {
    let fails = true;
    mockFetch((url) => {
      if (url !== ratingPath)
        return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
      if (fails) return jsonResponse(500, { error: { code: 'INTERNAL', message: 'The server failed' } });
      return jsonResponse(200, { rating: null, canRate: true });
    });
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText(/The rating could not be loaded: The server failed/)).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'How did it go?' })).toBeInTheDocument();
  });
});
