import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { showLanguage } from '../../../i18n/i18n';
import { DISPLAY_PREFS_COOKIE, saveDisplayPrefs } from '../../../lib/numbers';
import { formatTime } from '../../../lib/time';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { DatesAndNumbersSection } from './DatesAndNumbersSection';

afterEach(async () => {
  saveDisplayPrefs({ hourCycle: 'auto', digits: 'auto' });
  await act(() => showLanguage('en'));
});

async function choose(label: string | RegExp, option: string | RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('Settings: dates and numbers', () => {
  it('keeps the hour cycle and digits on this device, and times follow them at once', async () => {
    const user = aUser();
    mockApi(sessionRoutes(user));
    renderScreen(<DatesAndNumbersSection user={user} />, { user });
    expect(screen.getByRole('combobox', { name: 'Time format' })).toHaveTextContent('As English writes it (5:41 AM)');
    await choose('Time format', '24-hour (05:41)');
    expect(document.cookie).toContain(`${DISPLAY_PREFS_COOKIE}=h23.auto`);
    expect(formatTime('2026-11-22T17:05:00Z', 'UTC')).toBe('17:05');
    await choose('Digits', /^Bengali/);
    expect(document.cookie).toContain(`${DISPLAY_PREFS_COOKIE}=h23.beng`);
    expect(formatTime('2026-11-22T17:05:00Z', 'UTC')).toBe('১৭:০৫');
  });

  it('keeps the Hijri adjustment on the account and previews today’s Hijri date with it', async () => {
    const user = aUser({ hijriOffset: 0 });
    const api = mockApi({
      ...sessionRoutes(user),
      'PUT /api/users/hijri-offset': ({ body }) => ({
        body: { result: { user: { ...user, hijriOffset: (body as { hijriOffset: number }).hijriOffset } } },
      }),
    });
    renderScreen(<DatesAndNumbersSection user={user} />, { user });
    expect(screen.getByRole('combobox', { name: 'Hijri date adjustment' })).toHaveTextContent('No adjustment');
    expect(screen.getByText(/Today would show as \d+ [A-Za-zʻ' -]+ \d{4} AH\./)).toBeInTheDocument();
    await choose('Hijri date adjustment', '+1 day');
    expect(api.callsTo('PUT /api/users/hijri-offset').map((c) => c.body)).toEqual([{ hijriOffset: 1 }]);
    expect(await screen.findByText('Hijri date adjustment saved')).toBeInTheDocument();
  });

  it('speaks Arabic, its own digits named as Arabic writes them', async () => {
    await act(() => showLanguage('ar'));
    const user = aUser({ hijriOffset: -1 });
    mockApi(sessionRoutes(user));
    renderScreen(<DatesAndNumbersSection user={user} />, { user });
    expect(screen.getByRole('heading', { name: 'التواريخ والأرقام' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'الأرقام' })).toHaveTextContent(/كما تكتبها العربية/);
    expect(screen.getByRole('combobox', { name: 'تعديل التاريخ الهجري' })).toHaveTextContent('\u2068\u2212١\u2069 يوم');
  });
});
