import { screen } from '@testing-library/react';
import { mockApi } from '../../../test/fetch-mock';
import { sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { SignUpPage } from './SignUpPage';

describe('sign up', () => {
  beforeEach(() => {
    window.dataLayer = [];
  });

  it("fires the 'opened' analytics event once when the page opens", async () => {
    mockApi({ ...sessionRoutes(null) });
    renderScreen(<SignUpPage />, { route: '/signup' });
    expect(await screen.findByRole('button', { name: /sign up/i })).toBeInTheDocument();
    expect(window.dataLayer).toEqual([{ event: 'opened', page: 'signup' }]);
  });
});
