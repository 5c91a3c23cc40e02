import { screen } from '@testing-library/react';
import { mockApi } from '../../../test/fetch-mock';
import { prayerCalc, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { LandingPage } from './LandingPage';

// The build-time variables as a build with a video id would have them (jest maps import-meta-env to a stub).
jest.mock('../../../config/import-meta-env', () => ({ rawEnv: { MODE: 'test', VITE_DEMO_VIDEO_ID: 'dQw4w9WgXcQ' } }));

describe('landing page with VITE_DEMO_VIDEO_ID', () => {
  it('embeds the YouTube video (privacy-enhanced domain, at most 900 px wide) and not the animated demo', async () => {
    mockApi({ ...sessionRoutes(null), 'GET /api/data/prayer-calc': { body: { result: prayerCalc } } });
    renderScreen(<LandingPage />);
    const video = screen.getByTitle('Fajr demo video');
    expect(video.tagName).toBe('IFRAME');
    expect(video).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(getComputedStyle(video.parentElement!).maxWidth).toBe('900px');
    expect(getComputedStyle(video.parentElement!).aspectRatio.replace(/ /g, '')).toBe('16/9');
    await screen.findByText('East London Mosque', { selector: 'h3' });
    expect(screen.queryByRole('region', { name: 'Fajr product demo' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('demo-placeholder')).not.toBeInTheDocument();
  });
});
