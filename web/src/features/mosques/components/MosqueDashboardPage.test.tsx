import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { MosqueDashboardPage } from './MosqueDashboardPage';

const base = '/api/mosque-admin/mosques/m-1';
const dashboard = (over: object) => ({
  id: 'm-1',
  name: 'Masjid Umar Leicester',
  address: '1 Noor Street',
  cityName: 'Leicester',
  tzName: 'Europe/London',
  members: 237,
  coveredUntil: null,
  next: [{ date: '2026-12-01', jamaahAt: '2026-12-01T06:40:00.000Z', source: 'calendar' }],
  rules: [],
  attention: [],
  ...over,
});

function renderDashboard(over: object) {
  const user = aUser();
  mockApi({
    ...sessionRoutes(user),
    [`GET ${base}`]: { body: { result: dashboard(over) } },
    [`GET ${base}/admins`]: { body: { result: [] } },
    [`GET ${base}/audit`]: { body: { result: [] } },
  });
  renderScreen(
    <Routes>
      <Route path="/app/mosques/:id" element={<MosqueDashboardPage />} />
    </Routes>,
    { user, route: '/app/mosques/m-1' },
  );
}

describe('Mosque dashboard: what needs attention', () => {
  it('says a new mosque has no times yet', async () => {
    renderDashboard({ attention: ['no-times'] });
    await screen.findByText(
      "This mosque has no jama'ah times yet. Upload a calendar or add a rule: members can pick it once it has times.",
    );
    expect(screen.getByText("237 members are called from this mosque's times")).toBeInTheDocument();
  });

  it('says when the times run out soon, and when they have run out, with the date', async () => {
    renderDashboard({
      attention: ['times-run-out-soon'],
      coveredUntil: '2026-12-31',
      rules: [{ from: '2026-12-01', ramadan: false, rule: { kind: 'calendar' } }],
    });
    await screen.findByText(/^Your times run out on Thu,? 31 Dec 2026\. Upload the next months/);
    expect(screen.getByText(/^Times listed until Thu,? 31 Dec 2026$/)).toBeInTheDocument();
  });

  it('says the stated fallback once the times have run out, and nothing for a code it does not know', async () => {
    renderDashboard({ attention: ['times-run-out', 'something-new'], coveredUntil: '2026-11-20' });
    await screen.findByText(
      /^Your times ran out on Fri,? 20 Nov 2026\. Members are now called from calculated Fajr with your usual gap, and told so\. Upload new times or add a rule\.$/,
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
