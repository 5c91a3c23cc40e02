import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/fetch-mock';
import { sessionRoutes } from '../../../test/fixtures';
import { renderScreen, settled } from '../../../test/render';
import { HelpPage } from './HelpPage';

describe('help form', () => {
  it('requires the email and the details and sends nothing without them', async () => {
    const api = mockApi(sessionRoutes(null));
    renderScreen(<HelpPage />, { route: '/help' });
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please enter an email')).toBeInTheDocument();
    expect(screen.getByText('Please enter the details of your request')).toBeInTheDocument();
    expect(api.callsTo('POST /api/data/feedback/contact')).toHaveLength(0);
  });

  it('sends email, type (General by default) and details, then thanks', async () => {
    const api = mockApi({
      ...sessionRoutes(null),
      'POST /api/data/feedback/contact': { body: { message: 'Received' } },
    });
    renderScreen(<HelpPage />, { route: '/help' });
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('General');
    await userEvent.type(screen.getByLabelText(/Contact Email/), 'me@example.com');
    await userEvent.type(screen.getByLabelText(/Details/), 'My calls stopped');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText("Message sent successfully, we' be in touch as soon as we can")).toBeInTheDocument();
    expect(api.callsTo('POST /api/data/feedback/contact')[0]?.body).toEqual({
      email: 'me@example.com',
      type: 'General',
      details: 'My calls stopped',
    });
  });

  it('says Failed to send message when the server refuses', async () => {
    mockApi({ ...sessionRoutes(null), 'POST /api/data/feedback/contact': { status: 500, body: { error: 'db down' } } });
    renderScreen(<HelpPage />, { route: '/help' });
    await userEvent.type(screen.getByLabelText(/Contact Email/), 'me@example.com');
    await userEvent.type(screen.getByLabelText(/Details/), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
  });

  it('links our own FAQ page and the rating page when VITE_FAQ_URL is unset', async () => {
    mockApi(sessionRoutes(null));
    renderScreen(<HelpPage />, { route: '/help' });
    expect(screen.getByRole('link', { name: 'frequently asked questions' })).toHaveAttribute('href', '/faq');
    expect(screen.getByRole('link', { name: 'frequently asked questions' })).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: 'Rate us' })).toHaveAttribute('href', '/feedback');
    await settled();
  });
});
