import { render, screen } from '@testing-library/react';
import { StoreBadges } from './StoreBadges';

// The validated settings, changed per test: each badge depends only on its own listing.
const mockEnv: { VITE_APP_STORE_URL?: string; VITE_PLAY_STORE_URL?: string } = {};
jest.mock('../config/env', () => ({
  get env() {
    return mockEnv;
  },
}));

const APPLE = 'https://apps.apple.com/app/fajr/id123456789';
const GOOGLE = 'https://play.google.com/store/apps/details?id=app.fajr';

describe('store badges', () => {
  beforeEach(() => {
    delete mockEnv.VITE_APP_STORE_URL;
    delete mockEnv.VITE_PLAY_STORE_URL;
  });

  it('renders nothing when neither listing is configured', () => {
    const { container } = render(<StoreBadges />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows only the App Store badge when only its listing is configured', () => {
    mockEnv.VITE_APP_STORE_URL = APPLE;
    render(<StoreBadges />);
    expect(screen.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', APPLE);
    expect(screen.queryByRole('link', { name: /Google Play/ })).not.toBeInTheDocument();
  });

  it('shows only the Google Play badge when only its listing is configured', () => {
    mockEnv.VITE_PLAY_STORE_URL = GOOGLE;
    render(<StoreBadges />);
    expect(screen.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', GOOGLE);
    expect(screen.queryByRole('link', { name: /App Store/ })).not.toBeInTheDocument();
  });

  it('shows both when both are configured', () => {
    Object.assign(mockEnv, { VITE_APP_STORE_URL: APPLE, VITE_PLAY_STORE_URL: GOOGLE });
    render(<StoreBadges />);
    expect(screen.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([APPLE, GOOGLE]);
  });
});
