import { screen } from '@testing-library/react';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, sessionRoutes } from '../../../test/fixtures';
import { renderScreen, settled } from '../../../test/render';
import { MosqueRequests } from './MosqueRequests';

const request = (name: string, status: string, note: string | null, mosqueName: string | null) => ({
  id: name,
  name,
  status,
  note,
  mosqueName,
  requestedAt: '2026-11-20T10:00:00Z',
  resolvedAt: null,
});

describe('mosque requests on the account', () => {
  it('says how each request was answered: added (choose it), not added (why), still open', async () => {
    const user = aUser();
    mockApi({
      ...sessionRoutes(user),
      'GET /api/data/mosques/requests': {
        body: {
          result: [
            request('Makkah Masjid', 'open', null, null),
            request('Not a mosque', 'rejected', 'We could not find it', null),
            request('Leeds Grand', 'added', null, 'Leeds Grand Mosque'),
          ],
        },
      },
    });
    renderScreen(<MosqueRequests userId={user.id} />, { user });
    expect(await screen.findByRole('heading', { name: 'Your mosque requests' })).toBeInTheDocument();
    const lines = screen.getAllByTestId('mosque-request').map((l) => l.textContent);
    expect(lines).toEqual([
      "You asked us to add Makkah Masjid: we'll answer here, and by text or e-mail, once we have looked into it.",
      'We could not add Not a mosque, the mosque you asked for: We could not find it',
      "Leeds Grand Mosque, the mosque you asked for, is now listed. Choose it in Settings to be called before its Fajr jama'ah.",
    ]);
    expect(screen.getByRole('link', { name: 'Choose it in Settings' })).toHaveAttribute('href', '/app/settings');
  });

  it('shows nothing without requests', async () => {
    const user = aUser();
    const api = mockApi({ ...sessionRoutes(user), 'GET /api/data/mosques/requests': { body: { result: [] } } });
    renderScreen(<MosqueRequests userId={user.id} />, { user });
    await settled();
    expect(api.callsTo('GET /api/data/mosques/requests')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Your mosque requests' })).not.toBeInTheDocument();
  });
});
