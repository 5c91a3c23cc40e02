import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, sessionRoutes } from '../../../test/fixtures';
import { renderScreen, settled } from '../../../test/render';
import type { User } from '@fajr/api/contracts/users.contract';
import { AccountDetails, planLabel } from './AccountDetails';
import { AccountPage } from './AccountPage';
import { SectionBoundary } from '../../../components/SectionBoundary';

const stats = {
  result: {
    answered: 3,
    missed: 1,
    callLogs: [
      {
        kind: 'test',
        callDate: '2026-11-21',
        callDuration: 0,
        callTimestamp: '2026-11-21T17:09:00+00:00',
        callAnsweredBy: 'No answer',
      },
      {
        kind: 'fajr',
        callDate: '2026-11-20',
        callDuration: 42,
        callTimestamp: '2026-11-20T05:07:00+00:00',
        callAnsweredBy: 'Answered',
      },
      {
        kind: 'ring-through',
        callDate: '2026-11-19',
        callDuration: 30,
        callTimestamp: '2026-11-19T05:08:00+00:00',
        callAnsweredBy: 'Answered, no key pressed',
        note: 'Rang through Do Not Disturb',
      },
    ],
  },
};
const today = {
  result: {
    fajrTime: '2026-11-23T06:10:00+00:00',
    fajrCallTime: '2026-11-23T06:10:00+00:00',
    fajrCallDate: '2026-11-23',
    status: 'scheduled',
    missing: [],
  },
};

function accountRoutes(user: User, extra: Record<string, unknown> = {}) {
  return mockApi({
    ...sessionRoutes(user),
    'GET /api/salah-schedules/calls/stats': { body: stats },
    'GET /api/salah-schedules/fajr-schedules/today': { body: today },
    ...(extra as object),
  });
}

describe('plan label', () => {
  it('is the plan name when there is one, else FREE for app users, else FREE TRIAL', () => {
    expect(planLabel({ subscriptionPlanName: 'PLUS', isAppUser: true })).toBe('PLUS');
    expect(planLabel({ subscriptionPlanName: null, isAppUser: true })).toBe('FREE');
    expect(planLabel({ subscriptionPlanName: null, isAppUser: false })).toBe('FREE TRIAL');
  });

  it('shows the upgrade control without a plan and Manage Your Subscription only with one', async () => {
    mockApi(sessionRoutes(aUser()));
    const { unmount } = renderScreen(<AccountDetails user={aUser()} />);
    expect(screen.getByTestId('plan-label')).toHaveTextContent('FREE TRIAL');
    expect(screen.getByRole('button', { name: 'Upgrade Plan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage Your Subscription' })).not.toBeInTheDocument();
    unmount();

    const plus = aUser({ subscriptionPlanName: 'PLUS', isFree: false, isPlus: true });
    renderScreen(<AccountDetails user={plus} />);
    expect(screen.getByTestId('plan-label')).toHaveTextContent('PLUS');
    expect(screen.queryByRole('button', { name: 'Upgrade Plan' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Your Subscription' })).toBeInTheDocument();
    expect(screen.getByText('+44 1234 000000')).toBeInTheDocument(); // as people write it, not raw E.164
    await settled();
  });

  it('asks for the portal and reports a missing url', async () => {
    const plus = aUser({ subscriptionPlanName: 'PLUS', isFree: false, isPlus: true });
    const api = mockApi({ ...sessionRoutes(plus), 'POST /api/subscriptions/view-portal': { body: { result: {} } } });
    renderScreen(<AccountDetails user={plus} />);
    await userEvent.click(screen.getByRole('button', { name: 'Manage Your Subscription' }));
    expect(await screen.findByText('Failed to process your request')).toBeInTheDocument();
    expect(api.callsTo('POST /api/subscriptions/view-portal')).toHaveLength(1);
  });
});

describe('account page banners', () => {
  it('warns free web users how many trial days are left', async () => {
    accountRoutes(aUser({ freeTrialDaysRemaining: 5 }));
    renderScreen(<AccountPage />, { route: '/account', user: aUser() });
    expect(await screen.findByText('Your free trial will end in 5 days')).toBeInTheDocument();
  });

  it('says the trial has ended when the days remaining are below 0', async () => {
    accountRoutes(aUser({ freeTrialDaysRemaining: -1 }));
    renderScreen(<AccountPage />, { route: '/account', user: aUser() });
    expect(await screen.findByText('Your free trial has ended, please upgrade your plan')).toBeInTheDocument();
    expect(screen.queryByText(/Your free trial will end/)).not.toBeInTheDocument();
  });

  it('shows no trial banner to app users or paying users', async () => {
    accountRoutes(aUser({ isAppUser: true, freeTrialDaysRemaining: 3 }));
    const { unmount } = renderScreen(<AccountPage />, { route: '/account', user: aUser() });
    expect(await screen.findByText('Account Details')).toBeInTheDocument();
    expect(screen.queryByText(/free trial/)).not.toBeInTheDocument();
    unmount();
    accountRoutes(aUser({ isFree: false, subscriptionPlanName: 'BASIC', freeTrialDaysRemaining: 3 }));
    renderScreen(<AccountPage />, { route: '/account', user: aUser() });
    expect(await screen.findByText('Account Details')).toBeInTheDocument();
    expect(screen.queryByText(/free trial/)).not.toBeInTheDocument();
  });

  it('verifies the phone: the drawer (opened by ?phone=verify) sends a code at once, resends, and submits 6 digits', async () => {
    let verified = false;
    const api = mockApi({
      'GET /api/users/current-user': () => ({ body: { result: { user: aUser({ phoneNumberVerified: verified }) } } }),
      'GET /api/data/static': { body: { result: {} } },
      'GET /api/salah-schedules/calls/stats': { body: stats },
      'GET /api/salah-schedules/fajr-schedules/today': { body: today },
      'POST /api/users/send-verification': { body: { message: 'Code sent' } },
      'POST /api/users/verify-phone-code': () => {
        verified = true;
        return { body: { message: 'Verified' } };
      },
    });
    // The steps list's Verify button links to ?phone=verify (the page asks once, through that list).
    renderScreen(<AccountPage />, { route: '/account?phone=verify', user: aUser() });
    expect(await screen.findByText('Verification code sent')).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/send-verification')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: "I've not received a code yet" }));
    await screen.findByText('Verification code sent');
    expect(api.callsTo('POST /api/users/send-verification')).toHaveLength(2);

    const drawer = screen.getByRole('dialog');
    const verify = within(drawer).getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await userEvent.type(within(drawer).getByLabelText('Verification code digit 1 of 6'), '123456');
    expect(verify).toBeEnabled();
    await userEvent.click(verify);
    expect(await screen.findByText('Verification successful')).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/verify-phone-code')[0]?.body).toEqual({ code: '123456' });
    await screen.findByText('Account Details');
    expect(screen.queryByText(/Please verify your phone number/)).not.toBeInTheDocument();
  });

  it('hides the verification banner once the phone is verified', async () => {
    accountRoutes(aUser({ phoneNumberVerified: true }));
    renderScreen(<AccountPage />, { route: '/account', user: aUser() });
    expect(await screen.findByText('Account Details')).toBeInTheDocument();
    expect(screen.queryByText(/Please verify your phone number/)).not.toBeInTheDocument();
  });
});

describe('monthly stats', () => {
  it('shows counts and the call log, Answered in green and the rest in red, 12-hour times with their meridiem in the user zone, test calls marked', async () => {
    accountRoutes(aUser({ isPlus: true, subscriptionPlanName: 'PLUS', isFree: false }));
    renderScreen(<AccountPage />, { route: '/account', user: aUser() });
    const log = await screen.findByRole('list', { name: 'Call log' });
    expect(within(log).getByText(/ 5:07 AM/)).toBeInTheDocument();
    expect(within(log).getByText(/ 5:09 PM/)).toBeInTheDocument(); // never '17:09 PM'
    expect(within(log).getAllByText('Test call')).toHaveLength(1);
    expect(screen.getByText('Fajr mornings answered')).toBeInTheDocument();
    const answeredColor = getComputedStyle(within(log).getByText('Answered')).color;
    const missedColor = getComputedStyle(within(log).getByText('No answer')).color;
    expect(answeredColor).not.toBe(missedColor);
    expect(screen.getByText('42 seconds')).toBeInTheDocument();
  });

  it('marks why an attempt was placed (rang through Do Not Disturb) and shows answered-not-confirmed as not woken (red)', async () => {
    accountRoutes(aUser({ isPlus: true, subscriptionPlanName: 'PLUS', isFree: false }));
    renderScreen(<AccountPage />, { route: '/account', user: aUser() });
    const log = await screen.findByRole('list', { name: 'Call log' });
    expect(within(log).getByText('Rang through Do Not Disturb')).toBeInTheDocument();
    const colorOf = (text: string) => getComputedStyle(within(log).getByText(text)).color;
    expect(colorOf('Answered, no key pressed')).toBe(colorOf('No answer'));
    expect(colorOf('Answered, no key pressed')).not.toBe(colorOf('Answered'));
  });

  it('offers an upgrade when the API refuses stats for the plan (403)', async () => {
    accountRoutes(aUser(), {
      'GET /api/salah-schedules/calls/stats': {
        status: 403,
        body: { error: 'Upgrade to PLUS plan to access this feature' },
      },
    });
    renderScreen(<AccountPage />, { route: '/account', user: aUser() });
    expect(await screen.findByText('Upgrade to PLUS plan to access this feature')).toBeInTheDocument();
  });

  it('refreshes on demand', async () => {
    const api = accountRoutes(aUser({ isPlus: true }));
    renderScreen(<AccountPage />, { route: '/account', user: aUser() });
    await screen.findByRole('list', { name: 'Call log' });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByRole('list', { name: 'Call log' });
    expect(api.callsTo('GET /api/salah-schedules/calls/stats')).toHaveLength(2);
  });

  it('shows a next Fajr fetch error in place of the next call time', async () => {
    accountRoutes(aUser(), {
      'GET /api/salah-schedules/fajr-schedules/today': { status: 409, body: { error: 'Choose a city first' } },
    });
    renderScreen(<AccountPage />, { route: '/account', user: aUser() });
    expect(await screen.findByText('Choose a city first')).toBeInTheDocument();
  });
});

describe('section boundary', () => {
  it('shows An error occurred for the crashed section only', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('boom');
    };
    renderScreen(
      <>
        <SectionBoundary>
          <Broken />
        </SectionBoundary>
        <SectionBoundary>
          <p>Still here</p>
        </SectionBoundary>
      </>,
    );
    expect(screen.getByText('An error occurred')).toBeInTheDocument();
    expect(screen.getByText('Still here')).toBeInTheDocument();
    spy.mockRestore();
  });
});
