import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/fetch-mock';
import { renderScreen } from '../../../test/render';
import { MosqueSearchPage } from './MosqueSearchPage';

const EAST_LONDON = {
  id: 'm-1',
  name: 'East London Mosque',
  address: '82-92 Whitechapel Road',
  cityName: 'London',
  countryCode: 'GB',
  slug: 'east-london-mosque-abc123',
};

describe('Finding a mosque', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('searches by the typed text and links each result to its public page', async () => {
    const api = mockApi({ 'GET /api/data/mosques/search': { body: { result: [EAST_LONDON] } } });
    renderScreen(<MosqueSearchPage />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Mosque name or city' }), 'east lon{Enter}');
    const results = await screen.findByRole('list', { name: 'Mosques found' });
    expect(within(results).getByRole('link', { name: /East London Mosque/ })).toHaveAttribute(
      'href',
      '/mosques/east-london-mosque-abc123',
    );
    expect(api.callsTo('GET /api/data/mosques/search')[0]!.url).toContain('q=east+lon');
  });

  it('asks for the position only on "Near me", and shows how far each mosque is', async () => {
    const api = mockApi({
      'GET /api/data/mosques/search': {
        body: {
          result: [
            { ...EAST_LONDON, distanceKm: 0.4 },
            { ...EAST_LONDON, id: 'm-2', name: 'Brick Lane Mosque', slug: 'brick-lane-mosque-x', distanceKm: 12.3 },
          ],
        },
      },
    });
    const getCurrentPosition = jest.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 51.5194, longitude: -0.0612 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    renderScreen(<MosqueSearchPage />);
    expect(getCurrentPosition).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Near me' }));
    const results = await screen.findByRole('list', { name: 'Mosques found' });
    expect(within(results).getByRole('link', { name: /East London Mosque/ })).toHaveTextContent('0.4 km');
    expect(within(results).getByRole('link', { name: /Brick Lane Mosque/ })).toHaveTextContent('12.3 km');
    const url = api.callsTo('GET /api/data/mosques/search')[0]!.url;
    expect(url).toContain('lat=51.51940');
    expect(url).toContain('lng=-0.06120');
  });
});
