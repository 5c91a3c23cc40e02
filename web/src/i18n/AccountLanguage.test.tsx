import { act, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { fetchPrayerCalc } from '../api/data.api';
import { queryKeys } from '../api/query-keys';
import { mockApi } from '../test/fetch-mock';
import { prayerCalc } from '../test/fixtures';
import { renderScreen } from '../test/render';
import { showLanguage } from './i18n';
import { useLanguage } from './LanguageProvider';

function CallTimes() {
  const { choose } = useLanguage();
  const { data } = useQuery({ queryKey: queryKeys.prayerCalc, queryFn: fetchPrayerCalc });
  return (
    <>
      <button onClick={() => void choose('ar')}>ar</button>
      <p>{data?.fajrCallTimePrefs[0]?.label ?? '…'}</p>
    </>
  );
}

afterEach(async () => {
  await act(() => showLanguage('en'));
});

describe('reference data and the language shown', () => {
  it('when the person chooses another language, then the settings catalogue is asked for again in it', async () => {
    const api = mockApi({
      'GET /api/data/prayer-calc': { body: { result: prayerCalc } },
    });
    renderScreen(<CallTimes />);
    expect(await screen.findByText('As soon as Fajr starts')).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'ar' }).click());
    await act(async () => undefined);
    const asked = api.callsTo('GET /api/data/prayer-calc');
    expect(asked.map((c) => c.headers['Accept-Language'])).toEqual(['en', 'ar']);
  });
});
