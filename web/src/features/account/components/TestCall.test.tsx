import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@fajr/api/contracts/users.contract';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { TestCall } from './TestCall';

const contact = {
  result: { name: 'Fajr Wake-up Call', phoneNumbers: ['+447700900123'], vcardPath: '/api/data/fajr-contact.vcf' },
};
const testCall = (outcome: string, label: string, silenced = false) => ({
  result: { testCall: { plannedAt: '2026-11-28T05:56:00Z', outcome, finished: true, label, silenced } },
});

function routes(user: User, call: unknown, extra: Record<string, unknown> = {}) {
  return mockApi({
    ...sessionRoutes(user),
    'GET /api/data/fajr-contact': { body: contact },
    'GET /api/salah-schedules/calls/test': { body: call },
    ...(extra as object),
  });
}

afterEach(() => {
  delete (window as { ReactNativeWebView?: unknown }).ReactNativeWebView;
});

describe('test call result and the Do Not Disturb guide', () => {
  it('before the first test call, shows the guide open: the number, the contact card, iPhone and Android steps', async () => {
    routes(aUser(), { result: { testCall: null } });
    renderScreen(<TestCall />, { user: aUser() });
    expect(await screen.findByTestId('caller-numbers')).toHaveTextContent('+44 7700 900123');
    expect(screen.getByRole('link', { name: 'Save contact card (.vcf)' })).toHaveAttribute(
      'href',
      '/api/data/fajr-contact.vcf',
    );
    expect(screen.getByText(/"Allow calls from": Favourites/)).toBeVisible();
    expect(screen.getByText(/"Starred contacts"/)).toBeVisible();
  });

  it('tells a silenced call apart from a busy line, each with what to do', async () => {
    routes(aUser(), testCall('busy', 'Declined or silenced', true));
    const { unmount } = renderScreen(<TestCall />, { user: aUser() });
    expect(await screen.findByTestId('test-call-result')).toHaveTextContent(/: Declined or silenced$/);
    expect(screen.getByTestId('test-call-advice')).toHaveTextContent(
      /Do Not Disturb, Sleep or a Focus.*Save our number and let it through/,
    );
    expect(await screen.findByTestId('caller-numbers')).toBeVisible();
    unmount();

    routes(aUser(), testCall('busy', 'Busy'));
    renderScreen(<TestCall />, { user: aUser() });
    expect(await screen.findByTestId('test-call-advice')).toHaveTextContent(
      'Your line was busy, perhaps with another call. Try again when it is free.',
    );
  });

  it('inside the app, asks the host to add the contact instead of downloading the card', async () => {
    const sent: string[] = [];
    Object.assign(window, { ReactNativeWebView: { postMessage: (m: string) => sent.push(m) } });
    routes(aUser(), { result: { testCall: null } });
    renderScreen(<TestCall />, { user: aUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Fajr to my contacts' }));
    expect(JSON.parse(sent[0]!)).toEqual({
      source: 'fajr-web',
      type: 'add-contact',
      name: 'Fajr Wake-up Call',
      phoneNumbers: ['+447700900123'],
      vcardUrl: 'http://localhost/api/data/fajr-contact.vcf',
    });
  });
});
