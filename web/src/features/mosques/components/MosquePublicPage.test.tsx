import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { MosquePublicPage } from './MosquePublicPage';

const PAGE = {
  id: 'm-1',
  name: 'East London Mosque',
  address: '82-92 Whitechapel Road',
  cityName: 'London',
  countryCode: 'GB',
  tzName: 'Europe/London',
  slug: 'east-london-mosque-abc',
  coming: [{ date: '2026-12-01', jamaahAt: '2026-12-01T06:40:00.000Z' }],
  coveredUntil: '2026-12-31',
};
const page = (
  <Routes>
    <Route path="/mosques/:slug" element={<MosquePublicPage />} />
  </Routes>
);

describe("A mosque's public page", () => {
  it('shows its coming jama\'ah and freshness to anyone, and "Get called" leads to sign-up', async () => {
    mockApi({ 'GET /api/data/mosques/page/east-london-mosque-abc': { body: { result: PAGE } } });
    renderScreen(page, { route: '/mosques/east-london-mosque-abc' });
    await screen.findByRole('heading', { level: 1, name: 'East London Mosque' });
    expect(screen.getByText(/^Times listed until Thu,? 31 Dec 2026$/)).toBeInTheDocument();
    expect(screen.getByText('6:40 AM')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get called for this mosque' })).toHaveAttribute(
      'href',
      '/signup?mosque=m-1',
    );
    expect(screen.queryByRole('button', { name: 'Claim this mosque' })).not.toBeInTheDocument();
  });

  it('lets a signed-in person claim it with a note', async () => {
    const user = aUser();
    const api = mockApi({
      ...sessionRoutes(user),
      'GET /api/data/mosques/page/east-london-mosque-abc': { body: { result: { ...PAGE, coveredUntil: null } } },
      'GET /api/mosque-admin/mosques': { body: { result: [] } },
      'POST /api/mosque-admin/mosques/m-1/claims': {
        body: { message: 'Claim sent: an operator will check it and tell you', claimId: 'c-1' },
      },
    });
    renderScreen(page, { route: '/mosques/east-london-mosque-abc', user });
    await screen.findByText('Times listed with no end date');
    expect(screen.getByRole('link', { name: 'Get called for this mosque' })).toHaveAttribute(
      'href',
      '/app/settings?mosque=m-1',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Claim this mosque' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your role at the mosque (optional)' }), 'I am the imam');
    await userEvent.click(screen.getByRole('button', { name: 'Send claim' }));
    expect((await screen.findAllByText('Claim sent: an operator will check it and tell you')).length).toBeGreaterThan(
      0,
    );
    expect(api.callsTo('POST /api/mosque-admin/mosques/m-1/claims').map((c) => c.body)).toEqual([
      { note: 'I am the imam' },
    ]);
  });

  it("lets a signed-in person prove a claim with a code to the mosque's phone, shown only masked", async () => {
    const user = aUser();
    const api = mockApi({
      ...sessionRoutes(user),
      'GET /api/data/mosques/page/east-london-mosque-abc': { body: { result: PAGE } },
      'GET /api/mosque-admin/mosques': { body: { result: [] } },
      'GET /api/mosque-admin/mosques/m-1/claim-code': { body: { result: { phone: '••••••••••123' } } },
      'POST /api/mosque-admin/mosques/m-1/claim-code': {
        body: { message: "Code sent to the mosque's listed phone", sentTo: '••••••••••123' },
      },
      'POST /api/mosque-admin/mosques/m-1/claim-code/verify': {
        body: { message: 'Claim proved: you are now an admin of this mosque' },
      },
    });
    renderScreen(page, { route: '/mosques/east-london-mosque-abc', user });
    await userEvent.click(await screen.findByRole('button', { name: 'Claim this mosque' }));
    expect(await screen.findByText(/••••••••••123/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Code' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findAllByText('Claim proved: you are now an admin of this mosque')).length).toBeGreaterThan(0);
    expect(api.callsTo('POST /api/mosque-admin/mosques/m-1/claim-code/verify').map((c) => c.body)).toEqual([
      { code: '123456' },
    ]);
  });
});
