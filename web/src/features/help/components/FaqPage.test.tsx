import { screen } from '@testing-library/react';
import { mockApi } from '../../../test/fetch-mock';
import { sessionRoutes } from '../../../test/fixtures';
import { renderScreen, settled } from '../../../test/render';
import { FaqPage } from './FaqPage';

describe('FAQ', () => {
  it('answers the questions new users ask, with what each plan adds as the plan cards list it', async () => {
    mockApi(sessionRoutes(null));
    renderScreen(<FaqPage />, { route: '/faq' });
    for (const q of [
      /Do Not Disturb/,
      /press a key/,
      /What does each plan add/,
      /time zone/,
      /mosque's Fajr jama'ah/,
      /delete my account/,
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: q })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 3, name: 'iPhone' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Android' })).toBeInTheDocument();
    expect(
      screen.getByText(/everything in Plus, repeat of unanswered Fajr calls, additional phone number/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Speak to us' })).toHaveAttribute('href', '/help');
    await settled();
  });
});
