import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, sessionRoutes } from '../../../test/fixtures';
import { renderScreen, settled } from '../../../test/render';
import { readToken } from '../../../lib/token';
import { SignInPage } from './SignInPage';

async function openReset() {
  const { router } = renderScreen(<SignInPage />, { route: '/signin?forgetPass=1' });
  const drawer = await screen.findByRole('dialog', { name: 'Reset your password' });
  return { drawer, router };
}

describe('sign in', () => {
  it('without store listings shows no badges, only the web sign-up link', async () => {
    mockApi(sessionRoutes(null));
    renderScreen(<SignInPage />, { route: '/signin' });
    expect(screen.queryByText('To sign up, download the app!')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /App Store|Google Play/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account on the web' })).toHaveAttribute('href', '/signup');
    await settled();
  });

  it('signs in, keeps the token and toasts', async () => {
    const user = aUser();
    const api = mockApi({
      ...sessionRoutes(null),
      'POST /api/users/signin': { body: { result: { user, token: 'tok-9' } } },
    });
    const { router } = renderScreen(<SignInPage />, { route: '/signin' });
    await userEvent.type(screen.getByLabelText('Email or Phone Number'), 'me@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Authenticated successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/signin')[0]?.body).toEqual({
      phoneNumber: 'me@example.com',
      password: 'secret',
      country: 'US',
    }); // national numbers are read in the browser's country (jsdom: en-US)
    expect(readToken()).toBe('tok-9');
    await waitFor(() => expect(router.pathname).toBe('/app'));
  });

  it("shows the server's error", async () => {
    mockApi({
      ...sessionRoutes(null),
      'POST /api/users/signin': { status: 401, body: { error: 'Wrong email, phone number or password' } },
    });
    renderScreen(<SignInPage />, { route: '/signin' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Wrong email, phone number or password')).toBeInTheDocument();
    expect(readToken()).toBeNull();
  });
});

describe('password reset drawer', () => {
  it('opens from ?forgetPass, sends the code, and submits the 6 digits by itself', async () => {
    const api = mockApi({
      ...sessionRoutes(null),
      'POST /api/users/forget-password': { body: { message: 'Code sent' } },
      'POST /api/users/forget-password/reset': { body: { message: 'Code accepted' } },
    });
    const { drawer } = await openReset();
    await userEvent.type(within(drawer).getByLabelText('Email or Phone Number'), '+447700900123');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Send Reset Code' }));
    expect(api.callsTo('POST /api/users/forget-password')[0]?.body).toEqual({
      phoneNumber: '+447700900123',
      country: 'US',
    });

    await userEvent.type(await within(drawer).findByLabelText('Reset code digit 1 of 6'), '12345');
    expect(api.callsTo('POST /api/users/forget-password/reset')).toHaveLength(0);
    await userEvent.type(within(drawer).getByLabelText('Reset code digit 6 of 6'), '6');
    expect(await within(drawer).findByLabelText('New Password')).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/forget-password/reset')[0]?.body).toEqual({
      phoneNumber: '+447700900123',
      code: '123456',
      country: 'US',
    });
  });

  it("says 'Passwords do not match' and sends nothing; a match updates the password and ends on / (SPEC)", async () => {
    const api = mockApi({
      ...sessionRoutes(null),
      'POST /api/users/forget-password': { body: { message: 'Code sent' } },
      'POST /api/users/forget-password/reset': { body: { message: 'ok' } },
    });
    const { drawer, router } = await openReset();
    await userEvent.type(within(drawer).getByLabelText('Email or Phone Number'), 'me@example.com');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Send Reset Code' }));
    await userEvent.type(await within(drawer).findByLabelText('Reset code digit 1 of 6'), '654321');
    await userEvent.type(await within(drawer).findByLabelText('New Password'), 'new-password-1');
    await userEvent.type(within(drawer).getByLabelText('Confirm Password'), 'new-password-2');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/forget-password/reset')).toHaveLength(1); // the code check only

    await userEvent.clear(within(drawer).getByLabelText('Confirm Password'));
    await userEvent.type(within(drawer).getByLabelText('Confirm Password'), 'new-password-1');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password change complete')).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/forget-password/reset')[1]?.body).toEqual({
      phoneNumber: 'me@example.com',
      code: '654321',
      password: 'new-password-1',
      country: 'US',
    });
    // SPEC's password reset drawer: 'navigation to /' (issue 50).
    await waitFor(() => expect(router.pathname).toBe('/'));
  });

  it('stays on the code step with fresh boxes after a wrong code', async () => {
    mockApi({
      ...sessionRoutes(null),
      'POST /api/users/forget-password': { body: { message: 'Code sent' } },
      'POST /api/users/forget-password/reset': { status: 400, body: { error: 'That code is not right' } },
    });
    const { drawer } = await openReset();
    await userEvent.type(within(drawer).getByLabelText('Email or Phone Number'), 'me@example.com');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Send Reset Code' }));
    await userEvent.type(await within(drawer).findByLabelText('Reset code digit 1 of 6'), '111111');
    expect(await screen.findByText('That code is not right')).toBeInTheDocument();
    expect(within(drawer).queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(within(drawer).getByLabelText('Reset code digit 1 of 6')).toHaveValue('');
  });
});
