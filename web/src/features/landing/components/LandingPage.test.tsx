import { act, screen } from '@testing-library/react';
import { mockApi } from '../../../test/fetch-mock';
import { prayerCalc, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { LandingPage } from './LandingPage';

describe('landing page without a demo video id', () => {
  it('plays the animated product demo (loaded on its own) instead of a video', async () => {
    mockApi({ ...sessionRoutes(null), 'GET /api/data/prayer-calc': { body: { result: prayerCalc } } });
    renderScreen(<LandingPage />);
    const demo = await screen.findByRole('region', { name: 'Fajr product demo' });
    expect(demo).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getByRole('button', { name: 'Pause demo' })).toBeInTheDocument();
    expect(screen.queryByTitle('Fajr demo video')).not.toBeInTheDocument();
    expect(screen.queryByText('The demo video is on its way.')).not.toBeInTheDocument();
    expect(await screen.findByText('East London Mosque', { selector: 'h3' })).toBeInTheDocument();
  });

  it('fetches the demo only once its section nears the viewport (a 16:9 frame holds its place)', async () => {
    const sightings: IntersectionObserverCallback[] = [];
    const options: Array<IntersectionObserverInit | undefined> = [];
    globalThis.IntersectionObserver = class {
      constructor(callback: IntersectionObserverCallback, init?: IntersectionObserverInit) {
        sightings.push(callback);
        options.push(init);
      }
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    try {
      mockApi({ ...sessionRoutes(null), 'GET /api/data/prayer-calc': { body: { result: prayerCalc } } });
      renderScreen(<LandingPage />);
      await screen.findByText('East London Mosque', { selector: 'h3' });
      expect(screen.getByTestId('demo-placeholder')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Fajr product demo' })).not.toBeInTheDocument();
      expect(options[0]?.rootMargin).toBe('100% 0px');

      act(() => sightings[0]!([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(await screen.findByRole('region', { name: 'Fajr product demo' })).toBeInTheDocument();
      expect(screen.queryByTestId('demo-placeholder')).not.toBeInTheDocument();
    } finally {
      delete (globalThis as Partial<typeof globalThis>).IntersectionObserver;
    }
  });

  it('without store listings shows no badges and offers web sign-up instead of the app', async () => {
    mockApi({ ...sessionRoutes(null), 'GET /api/data/prayer-calc': { body: { result: prayerCalc } } });
    renderScreen(<LandingPage />);
    await screen.findByText('East London Mosque', { selector: 'h3' });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByText('Get the app')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /App Store|Google Play/ })).not.toBeInTheDocument();
  });
});

describe('landing page promises', () => {
  it('promises only what is true: no call "works even when your phone is on silent", Do Not Disturb is explained', async () => {
    mockApi({ ...sessionRoutes(null), 'GET /api/data/prayer-calc': { body: { result: prayerCalc } } });
    renderScreen(<LandingPage />);
    await screen.findByText('East London Mosque', { selector: 'h3' });
    expect(document.body.textContent).not.toMatch(/on silent/i);
    expect(screen.getByText(/Save our number as a favourite and the call rings through/)).toBeInTheDocument();
  });
});
