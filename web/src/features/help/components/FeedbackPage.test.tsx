import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { FeedbackPage } from './FeedbackPage';

afterEach(() => localStorage.clear());

describe('rate Fajr', () => {
  it('sends the rating and the comments to POST /data/feedback, thanks, and the account page stops asking', async () => {
    const user = aUser();
    const api = mockApi({
      ...sessionRoutes(user),
      'POST /api/data/feedback': { body: { message: 'Thank you for your feedback' } },
    });
    renderScreen(<FeedbackPage />, { route: '/feedback', user });
    // A plain click event: user-event's click leaves MUI's visually hidden star radio unselected in jsdom (the e2e clicks a star in Chromium).
    fireEvent.click(await screen.findByRole('radio', { name: '4 stars, Very good' }));
    await userEvent.type(screen.getByLabelText('Comments'), '  Never missed Fajr since  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/data/feedback')[0]?.body).toEqual({ rating: 4, comments: 'Never missed Fajr since' });
    expect(localStorage.getItem(`fajr.feedbackPrompt.${user.id}`)).toBe('sent');
    expect(screen.getByRole('link', { name: 'Back to my account' })).toHaveAttribute('href', '/app');
  });

  it('asks for a rating or a comment and sends nothing without either', async () => {
    const api = mockApi(sessionRoutes(null));
    renderScreen(<FeedbackPage />, { route: '/feedback' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send Feedback' }));
    expect(screen.getByText('Please choose a rating or write a comment.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/data/feedback')).toHaveLength(0);
  });
});
