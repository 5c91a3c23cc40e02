import { screen } from '@testing-library/react';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { ThisMorning } from './ThisMorning';

// A winter day: London's clock is UTC's.
const DAY = '2026-12-01';
const at = (hhmm: string) => `${DAY}T${hhmm}:00Z`;
const unanswered = [
  { kind: 'fajr', at: at('05:50'), outcome: 'no-answer', keyPressed: false },
  { kind: 'repeat', at: at('06:00'), outcome: 'no-answer', keyPressed: false },
];

function today(morning: Record<string, unknown>) {
  mockApi({
    ...sessionRoutes(aUser()),
    'GET /api/salah-schedules/fajr-schedules/today': {
      body: {
        result: {
          fajrTime: null,
          fajrCallTime: null,
          fajrCallDate: null,
          nextKind: 'fajr',
          status: 'scheduled',
          tzName: 'Europe/London',
          missing: [],
          morning: { callDate: DAY, ...morning },
        },
      },
    },
  });
  renderScreen(<ThisMorning user={aUser()} />, { user: aUser() });
}

// Issue 47 point 1: the last call before sunrise (Premium) told on the account page.
describe('this morning, with the last call before sunrise', () => {
  it('when the Fajr call and the repeat went unanswered and the last call is planned, says when it comes', async () => {
    today({ result: 'sunrise-due', sunriseCallAt: at('07:12'), attempts: unanswered });
    const section = await screen.findByTestId('this-morning');
    expect(section).toHaveTextContent(/Last call before sunrise at 7:12\sAM/);
    expect(section).toHaveTextContent(/Repeat call at 6:00\sAM.*: No answer/);
    expect(section.className).toMatch(/Info/);
  });

  it('after it, tells its outcome as its own kind', async () => {
    today({
      result: 'missed',
      attempts: [...unanswered, { kind: 'sunrise', at: at('07:12'), outcome: 'no-answer', keyPressed: false }],
    });
    const section = await screen.findByTestId('this-morning');
    expect(section).toHaveTextContent("You didn't answer");
    expect(section).toHaveTextContent(/Last call before sunrise at 7:12\sAM.*: No answer/);
  });

  it('when it woke the user, the morning is answered', async () => {
    today({
      result: 'answered',
      attempts: [...unanswered, { kind: 'sunrise', at: at('07:12'), outcome: 'answered', keyPressed: true }],
    });
    const section = await screen.findByTestId('this-morning');
    expect(section).toHaveTextContent('You answered: you were up for Fajr');
    expect(section).toHaveTextContent(/Last call before sunrise at 7:12\sAM.*: You answered and pressed a key/);
  });
});
