import { screen, within } from '@testing-library/react';
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

  it('lists only the served countries, by name, and says so before anyone types', async () => {
    mockApi({
      ...sessionRoutes(null),
      'GET /api/data/phone-countries': {
        body: { result: { countries: ['US', 'GB', 'ID', 'PK', 'BD'], codeByCall: ['PK', 'BD'] } },
      },
    });
    renderScreen(<SignUpPage />, { route: '/signup' });
    expect(await screen.findByText('We call and text numbers in the 5 countries listed')).toBeInTheDocument();
    const picker = screen.getByLabelText('Country');
    const names = within(picker)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual([
      'Bangladesh (+880)',
      'Indonesia (+62)',
      'Pakistan (+92)',
      'United Kingdom (+44)',
      'United States (+1)',
    ]);
    expect(picker).toHaveValue('US');
  });

  it("asks to choose a country when the browser's is not served", async () => {
    mockApi({
      ...sessionRoutes(null),
      'GET /api/data/phone-countries': { body: { result: { countries: ['GB', 'ID'], codeByCall: [] } } },
    });
    renderScreen(<SignUpPage />, { route: '/signup' });
    // Wait for the served list (text queries: role queries over the full list of 245 countries are slow).
    expect(await screen.findByText('We call and text numbers in the 2 countries listed')).toBeInTheDocument();
    const names = within(screen.getByLabelText('Country'))
      .getAllByRole('option')
      .map((o) => [o.textContent, (o as HTMLOptionElement).disabled]);
    expect(names).toEqual([
      ['Choose your country', true],
      ['Indonesia (+62)', false],
      ['United Kingdom (+44)', false],
    ]);
  });
});
