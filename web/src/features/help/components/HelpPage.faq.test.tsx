import { screen } from '@testing-library/react';
import { mockApi } from '../../../test/fetch-mock';
import { sessionRoutes } from '../../../test/fixtures';
import { renderScreen, settled } from '../../../test/render';
import { HelpPage } from './HelpPage';

// A build with VITE_FAQ_URL set (jest maps import-meta-env to a stub).
jest.mock('../../../config/import-meta-env', () => ({
  rawEnv: { MODE: 'test', VITE_FAQ_URL: 'https://example.org/fajr/faq' },
}));

describe('help page with VITE_FAQ_URL', () => {
  it('links to the configured FAQ in a new tab', async () => {
    mockApi(sessionRoutes(null));
    renderScreen(<HelpPage />, { route: '/help' });
    const faq = screen.getByRole('link', { name: /frequently asked questions/ });
    expect(faq).toHaveAttribute('href', 'https://example.org/fajr/faq');
    expect(faq).toHaveAttribute('target', '_blank');
    await settled();
  });
});
