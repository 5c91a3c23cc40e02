import { act } from '@testing-library/react';
import { showLanguage } from '../i18n/i18n';
import { clampOffset, formatHijri, hijriDate, intlHasUmalqura, loadHijriTables, prepareHijri } from './hijri';
import { saveDisplayPrefs } from './numbers';

afterEach(async () => {
  jest.restoreAllMocks();
  saveDisplayPrefs({ hourCycle: 'auto', digits: 'auto' });
  await act(() => showLanguage('en'));
});

/** A runtime whose Intl lacks Umm al-Qura (some Android webviews): it quietly answers in the Gregorian. */
function withoutUmalqura() {
  const Real = Intl.DateTimeFormat;
  jest
    .spyOn(Intl, 'DateTimeFormat')
    .mockImplementation(
      ((locale?: string | string[], options?: Intl.DateTimeFormatOptions) =>
        new Real(
          locale,
          options?.calendar ? { ...options, calendar: 'gregory' } : options,
        )) as typeof Intl.DateTimeFormat,
    );
}

describe('the Hijri date beside the Gregorian (Umm al-Qura)', () => {
  it('gives Sun 22 Nov 2026 as 12 Jumada II 1448, moved by the account’s adjustment', () => {
    expect(hijriDate('2026-11-22')).toEqual({ year: 1448, month: 6, day: 12 });
    expect(formatHijri('2026-11-22')).toBe('12 Jumada II 1448 AH');
    expect(formatHijri('2026-11-22', 1)).toBe('13 Jumada II 1448 AH');
    expect(formatHijri('2026-11-22', -2)).toBe('10 Jumada II 1448 AH');
    // Across a month's end: 1 Ramadan 1448 is Mon 8 Feb 2027 by Umm al-Qura; a community a day behind starts it on the 9th.
    expect(hijriDate('2027-02-08')).toEqual({ year: 1448, month: 9, day: 1 });
    expect(hijriDate('2027-02-08', -1)).toEqual({ year: 1448, month: 8, day: 30 });
    expect(hijriDate('2027-02-09', -1)).toEqual({ year: 1448, month: 9, day: 1 });
  });

  it('writes it as the shown language does, in its digits', async () => {
    await act(() => showLanguage('ar'));
    expect(formatHijri('2026-11-22')).toBe('١٢ جمادى الآخرة ١٤٤٨ هـ');
    await act(() => showLanguage('bn'));
    expect(formatHijri('2026-11-22', 1)).toBe('১৩ জমাদিউস সানি ১৪৪৮ হিজরি');
    await act(() => showLanguage('ur'));
    expect(formatHijri('2026-11-22')).toBe('12 جمادی الثانی 1448 ہجری');
  });

  it('keeps an adjustment within −2…+2 days', () => {
    expect([clampOffset(5), clampOffset(-9), clampOffset(null), clampOffset(1)]).toEqual([2, -2, 0, 1]);
    expect(formatHijri('2026-11-22', 7)).toBe(formatHijri('2026-11-22', 2));
  });
});

describe('where the runtime lacks islamic-umalqura', () => {
  it('detects it from resolvedOptions and counts with the library’s tables instead', async () => {
    expect(intlHasUmalqura()).toBe(true);
    const withIntl = ['2026-11-22', '2027-02-08', '2027-03-10', '2030-01-01'].map((d) => formatHijri(d, 1));
    withoutUmalqura();
    expect(intlHasUmalqura()).toBe(false);
    await prepareHijri(); // what main.tsx does before the first render
    expect(hijriDate('2026-11-22')).toEqual({ year: 1448, month: 6, day: 12 });
    expect(['2026-11-22', '2027-02-08', '2027-03-10', '2030-01-01'].map((d) => formatHijri(d, 1))).toEqual(withIntl);
    await act(() => showLanguage('ar'));
    expect(formatHijri('2026-11-22', -1)).toBe('١١ جمادى الآخرة ١٤٤٨ هـ');
  });

  it('gives the same dates as Intl over the coming years but for the tables’ known one-day differences', async () => {
    await loadHijriTables();
    let differ = 0;
    let days = 0;
    for (let t = Date.parse('2026-01-01T12:00:00Z'); t < Date.parse('2029-01-01T12:00:00Z'); t += 86_400_000) {
      const date = new Date(t).toISOString().slice(0, 10);
      const a = hijriDate(date, 0, 'intl')!;
      const b = hijriDate(date, 0, 'table')!;
      days += 1;
      if (a.year !== b.year || a.month !== b.month || a.day !== b.day) differ += 1;
    }
    expect(days).toBe(1096);
    expect(differ).toBeLessThan(days * 0.05);
  });

  it('shows no Hijri date, never an error, beyond the tables', async () => {
    await loadHijriTables();
    expect(hijriDate('2090-01-01', 0, 'table')).toBeNull();
    expect(formatHijri('2090-01-01', 0, { engine: 'table' })).toBeNull();
  });
});
