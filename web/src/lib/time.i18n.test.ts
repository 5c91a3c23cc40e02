import { act } from '@testing-library/react';
import { showLanguage } from '../i18n/i18n';
import { callingNowText, nextCallText } from './next-call';
import { DISPLAY_PREFS_COOKIE, displayPrefs, forgetDisplayPrefs, formatNumber, saveDisplayPrefs } from './numbers';
import { deviceTimeBeside, formatLocalDate, formatTime, formatTimeNamed, formatWhen } from './time';

// 05:41 in London on Sun 22 Nov 2026; 17:05 the same day.
const MORNING = '2026-11-22T05:41:00+00:00';
const EVENING = '2026-11-22T17:05:00+00:00';
const LONDON = 'Europe/London';
/** Today's English date, as the screens wrote it before issue 45 (the engine's en-GB: 'Sun 22 Nov 2026' or 'Sun, 22 Nov 2026'). */
const ENGLISH_DATE = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
}).format(new Date('2026-11-22T12:00:00Z'));

afterEach(async () => {
  saveDisplayPrefs({ hourCycle: 'auto', digits: 'auto' });
  await act(() => showLanguage('en'));
});

describe('times, dates and numbers in the shown language (issue 45 point 4)', () => {
  it('keeps SPEC’s English exactly', () => {
    expect(formatTime(MORNING, LONDON)).toBe('5:41 AM');
    expect(formatTime(EVENING, LONDON)).toBe('5:05 PM');
    expect(formatLocalDate('2026-11-22')).toBe(ENGLISH_DATE);
    expect(ENGLISH_DATE).toMatch(/^Sun,? 22 Nov 2026$/);
    expect(formatTimeNamed(MORNING, LONDON, LONDON)).toBe('5:41 AM (London)');
  });

  it('writes the pseudo-locale’s times and dates as English', async () => {
    await act(() => showLanguage('en-XA'));
    expect(formatTime(MORNING, LONDON)).toBe('5:41 AM');
    expect(formatLocalDate('2026-11-22')).toBe(ENGLISH_DATE);
  });

  it('writes Arabic with Arabic-Indic digits and its own day periods, isolated inside sentences', async () => {
    await act(() => showLanguage('ar'));
    expect(formatTime(MORNING, LONDON)).toBe('٥:٤١ ص');
    expect(formatTime(EVENING, LONDON)).toBe('٥:٠٥ م');
    expect(formatLocalDate('2026-11-22')).toMatch(/٢٢/);
    expect(formatLocalDate('2026-11-22')).toMatch(/٢٠٢٦/);
    expect(formatNumber(7)).toBe('٧');
    // The time keeps its order inside the right-to-left sentence: first-strong isolates around it.
    expect(formatTimeNamed(MORNING, LONDON, LONDON)).toBe('\u2068٥:٤١ ص\u2069 (London)');
    expect(formatWhen(MORNING, LONDON, new Date('2026-11-21T09:00:00Z'), LONDON)).toBe(
      'غدًا الساعة \u2068٥:٤١ ص\u2069 (London)',
    );
  });

  it('writes Bengali with Bengali digits', async () => {
    await act(() => showLanguage('bn'));
    expect(formatTime(MORNING, LONDON)).toMatch(/^৫:৪১/);
    expect(formatLocalDate('2026-11-22')).toMatch(/২২/);
    expect(formatWhen(MORNING, LONDON, new Date('2026-11-22T05:36:00Z'), LONDON)).toBe(
      '৫ মিনিটের মধ্যে (৫:৪১ AM, London)',
    );
  });

  it('keeps Latin digits for Urdu unless Eastern Arabic-Indic ones are chosen', async () => {
    await act(() => showLanguage('ur'));
    expect(formatTime(MORNING, LONDON)).toMatch(/^5:41/);
    saveDisplayPrefs({ hourCycle: 'auto', digits: 'arabext' });
    expect(formatTime(MORNING, LONDON)).toMatch(/^۵:۴۱/);
  });

  it('follows a 24-hour or 12-hour choice whatever the language’s own', async () => {
    saveDisplayPrefs({ hourCycle: 'h23', digits: 'auto' });
    expect(formatTime(MORNING, LONDON)).toBe('05:41');
    expect(formatTime(EVENING, LONDON)).toBe('17:05');
    await act(() => showLanguage('fr'));
    expect(formatTime(EVENING, LONDON)).toBe('17:05');
    saveDisplayPrefs({ hourCycle: 'h12', digits: 'auto' });
    expect(formatTime(EVENING, LONDON)).toMatch(/^5:05\s?PM$/);
  });

  it('lets an English reader choose Arabic-Indic digits, the form unchanged', () => {
    saveDisplayPrefs({ hourCycle: 'auto', digits: 'arab' });
    expect(formatTime(MORNING, LONDON)).toBe('٥:٤١ AM');
  });

  it('keeps the choice in a cookie for a year and reads it back; an edited cookie counts as automatic', () => {
    saveDisplayPrefs({ hourCycle: 'h23', digits: 'beng' });
    expect(document.cookie).toContain(`${DISPLAY_PREFS_COOKIE}=h23.beng`);
    forgetDisplayPrefs();
    expect(displayPrefs()).toEqual({ hourCycle: 'h23', digits: 'beng' });
    document.cookie = `${DISPLAY_PREFS_COOKIE}=h99.klingon; path=/`;
    forgetDisplayPrefs();
    expect(displayPrefs()).toEqual({ hourCycle: 'auto', digits: 'auto' });
  });

  it('says the device’s time and the next call in the shown language', async () => {
    await act(() => showLanguage('fr'));
    expect(deviceTimeBeside(MORNING, LONDON, 'Europe/Paris')).toBe('6:41 chez vous');
    const now = new Date('2026-11-22T05:32:00Z');
    expect(nextCallText({ fajrCallTime: MORNING, nextKind: 'repeat', tzName: LONDON }, null, now)).toMatch(
      /^le rappel, dans 9 minutes \(5:41, London/,
    );
    expect(nextCallText({ fajrCallTime: MORNING, nextKind: 'calling', tzName: LONDON }, null, now)).toBe(
      'nous vous appelons maintenant',
    );
    // What the account's next steps compare with to say "We're calling you now" in the shown language.
    expect(callingNowText()).toBe('nous vous appelons maintenant');
  });
});
