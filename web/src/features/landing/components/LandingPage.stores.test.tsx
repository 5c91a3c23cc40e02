import { screen } from '@testing-library/react';
import { mockApi } from '../../../test/fetch-mock';
import { prayerCalc, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { LandingPage } from './LandingPage';

// A build with only the Google Play listing set (jest maps import-meta-env to a stub; an empty value counts as unset).
jest.mock('../../../config/import-meta-env', () => ({
  rawEnv: {
    MODE: 'test',
    VITE_PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=app.fajr',
    VITE_APP_STORE_URL: '',
  },
}));

describe('landing page with one store listing', () => {
  it('offers the app and shows only the configured badge', async () => {
    mockApi({ ...sessionRoutes(null), 'GET /api/data/prayer-calc': { body: { result: prayerCalc } } });
    renderScreen(<LandingPage />);
    await screen.findByText('East London Mosque', { selector: 'h3' });
    expect(screen.getByRole('link', { name: 'Get the app' })).toHaveAttribute('href', '#get-the-app');
    const section = screen.getByRole('region', { name: 'Get the app' });
    expect(section).toContainElement(screen.getByRole('link', { name: /Google Play/ }));
    expect(screen.queryByRole('link', { name: /App Store/ })).not.toBeInTheDocument();
  });
});
