import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { CalendarUpload } from './CalendarUpload';

const base = '/api/mosque-admin/mosques/m-1/calendar';
const BAD = {
  ok: false,
  rows: [],
  errors: [
    { line: 4, message: '"2026-12-40" is not a date (YYYY-MM-DD)' },
    { line: 5, message: 'a cell starts with =, +, - or @ (a spreadsheet formula)' },
  ],
};
const GOOD = {
  ok: true,
  rows: [
    { date: '2026-12-01', fajrBegins: '06:05', jamaah: '06:40' },
    { date: '2026-12-02', fajrBegins: '06:06', jamaah: '06:40' },
  ],
  errors: [],
};

describe('Mosque dashboard: calendar upload', () => {
  it('names the bad rows of a preview and keeps Save off until a clean preview of the same text', async () => {
    const user = aUser();
    let answer: object = BAD;
    const api = mockApi({
      ...sessionRoutes(user),
      [`POST ${base}/preview`]: () => ({ body: { result: answer } }),
      [`POST ${base}`]: { body: { message: 'Calendar saved: 2 days from 2026-12-01 to 2026-12-02' } },
    });
    const saved = jest.fn();
    renderScreen(<CalendarUpload mosqueId="m-1" onSaved={saved} />, { user });
    const save = screen.getByRole('button', { name: 'Save calendar' });
    const text = screen.getByRole('textbox', { name: 'Or paste the calendar here' });
    fireEvent.change(text, { target: { value: 'date,fajr,jamaah\n2026-12-40,06:05,06:40' } });
    expect(save).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('2 rows need fixing: nothing was saved');
    expect(screen.getByText('Line 4: "2026-12-40" is not a date (YYYY-MM-DD)')).toBeInTheDocument();
    expect(screen.getByText('Line 5: a cell starts with =, +, - or @ (a spreadsheet formula)')).toBeInTheDocument();
    expect(save).toBeDisabled();

    answer = GOOD;
    await userEvent.click(screen.getByRole('checkbox', { name: /Typed in winter time/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('2 days ready to save');
    expect(screen.getByRole('table', { name: 'Preview of the calendar' })).toHaveTextContent('6:40 AM');
    expect(save).toBeEnabled();
    expect(api.callsTo(`POST ${base}/preview`).at(-1)!.body).toMatchObject({ winterTime: true });

    // A changed text is not what was previewed.
    fireEvent.change(text, { target: { value: 'date,fajr,jamaah\n2026-12-01,06:05,06:41' } });
    expect(save).toBeDisabled();
    expect(api.callsTo(`POST ${base}`)).toEqual([]);
  });
});
