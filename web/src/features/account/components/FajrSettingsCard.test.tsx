import { screen } from '@testing-library/react';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, prayerCalc, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { FajrSettingsCard } from './FajrSettingsCard';

// The API tells reference data in the request's language: `title` is the id, `label` what a person reads.
const arabic = {
  ...prayerCalc,
  fajrAdhaans: [
    { title: 'Default', link: '/adhaans/default.mp3', label: 'الافتراضي' },
    { title: 'Gentle', link: '/adhaans/gentle.mp3', label: 'هادئ' },
  ],
  fajrCallTimePrefs: [
    { title: 'As soon as Fajr starts', label: 'فور دخول وقت الفجر' },
    { title: '10 minutes after Fajr starts', label: 'بعد دخول وقت الفجر بـ10 دقائق' },
  ],
};

describe('the Fajr settings card', () => {
  it("when the call time and adhaan are not the defaults, then they read as the API's labels, not its ids", async () => {
    const user = aUser({ isPlus: true, fajrCallTimePrefTitle: '10 minutes after Fajr starts', fajrAdhaanId: 'Gentle' });
    mockApi({
      ...sessionRoutes(user),
      'GET /api/data/prayer-calc': { body: { result: arabic } },
      'GET /api/salah-schedules/fajr-schedules/today': { status: 409, body: { error: 'Choose a city first' } },
    });
    renderScreen(<FajrSettingsCard user={user} />, { user });
    expect(await screen.findByText('بعد دخول وقت الفجر بـ10 دقائق')).toBeInTheDocument();
    expect(screen.getByText('هادئ')).toBeInTheDocument();
    expect(screen.queryByText('10 minutes after Fajr starts')).not.toBeInTheDocument();
  });
});
