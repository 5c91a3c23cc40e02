import { render, screen } from '@testing-library/react';
import type { User } from '@fajr/api/contracts/users.contract';
import { aUser, prayerCalc } from '../../../test/fixtures';
import { PrayerTimesSourceLine } from './PrayerTimesSourceLine';

type Source = NonNullable<User['prayerTimesSource']>;
const source = (over: Partial<Source>): Source => ({
  kind: 'method',
  label: 'Muslim World League',
  zoneCode: null,
  timetableLastDate: null,
  timetableRanOut: false,
  message: null,
  ...over,
});
const show = (s: Source | null) =>
  render(<PrayerTimesSourceLine user={{ ...aUser(), prayerTimesSource: s }} data={prayerCalc} />);

// Issue 48: the settings say where the saved Fajr times come from, by the API's label.
describe('the prayer times source line', () => {
  it('names a JAKIM zone by its label', () => {
    show(source({ kind: 'zone', label: 'JAKIM zone PLS01 (Perlis)', zoneCode: 'PLS01' }));
    expect(screen.getByTestId('prayer-times-source')).toHaveTextContent(
      "Your Fajr times now: JAKIM zone PLS01 (Perlis), calculated with JAKIM's method at the zone's reference point.",
    );
  });

  it('names the method, and the mosque with the call before its jamaah', () => {
    show(source({}));
    expect(screen.getByTestId('prayer-times-source')).toHaveTextContent(
      'Your Fajr times now: calculated with Muslim World League.',
    );
    show(source({ kind: 'mosque', label: 'East London Mosque' }));
    expect(screen.getAllByTestId('prayer-times-source')[1]).toHaveTextContent(
      "Your Fajr calls now: 30 minutes before the Fajr jama'ah at East London Mosque.",
    );
  });

  it('warns when the published table ran out, naming the method that gives the times', () => {
    show(
      source({
        kind: 'timetable',
        label: 'JAKIM zone PLS01 (Perlis)',
        timetableLastDate: '2026-12-31',
        timetableRanOut: true,
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^JAKIM zone PLS01 \(Perlis\) has no times after .*2026: your Fajr is calculated with Muslim World League until the next table is installed\.$/,
    );
  });

  it('says nothing without a place', () => {
    const { container } = show(null);
    expect(container).toBeEmptyDOMElement();
  });
});
