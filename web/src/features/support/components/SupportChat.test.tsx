import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { NativeBottomBar } from '../../../components/layout/NativeBottomBar';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import type { SupportMessage } from '../api/support.api';
import { SUPPORT_POLL_MS } from '../hooks/useSupportChat';
import { SupportChatLauncher } from './SupportChatLauncher';

function Chat({ native = false }: { native?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <p>Page</p>
      {native && <NativeBottomBar onSupport={() => setOpen(true)} />}
      <SupportChatLauncher open={open} onOpenChange={setOpen} showButton={!native} />
    </>
  );
}

const message = (id: number, from: SupportMessage['from'], body: string): SupportMessage => ({
  id,
  from,
  body,
  createdAt: '2026-11-22T06:30:00+00:00',
});
const chat = (messages: SupportMessage[], status: 'waiting' | 'answered' | null = 'waiting') => ({
  body: { result: { status, messages, cursor: messages.at(-1)?.id ?? 0 } },
});

async function openChat() {
  await userEvent.click(screen.getByRole('button', { name: 'Support chat' }));
  return screen.findByRole('dialog', { name: 'Support chat' });
}

afterEach(() => {
  jest.useRealTimers();
});

describe('support chat widget', () => {
  it('signed out: points to sign-in and the help form; Escape closes and focus goes back to the button', async () => {
    const api = mockApi(sessionRoutes(null));
    renderScreen(<Chat />);
    const button = screen.getByRole('button', { name: 'Support chat' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const dialog = await openChat();
    expect(within(dialog).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(within(dialog).getByRole('link', { name: 'Help form' })).toHaveAttribute('href', '/help');
    expect(api.callsTo('GET /api/support/messages')).toHaveLength(0);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('signed in: shows the conversation, focuses the message field, and sends a message (Enter sends)', async () => {
    const api = mockApi({
      ...sessionRoutes(aUser()),
      'GET /api/support/messages': chat(
        [message(1, 'user', 'Hello'), message(2, 'support', 'Salaam, how can we help?')],
        'answered',
      ),
      'POST /api/support/messages': ({ body }) => ({
        body: { result: message(3, 'user', (body as { body: string }).body.trim()) },
      }),
    });
    renderScreen(<Chat />, { user: aUser() });
    const dialog = await openChat();
    const log = within(dialog).getByRole('log', { name: 'Messages' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(await within(log).findByText('Salaam, how can we help?')).toBeInTheDocument();
    expect(within(log).getByText('Hello')).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(field).toHaveFocus());

    await userEvent.type(field, 'My calls stopped{Enter}');
    expect(await within(log).findByText('My calls stopped')).toBeInTheDocument();
    expect(api.callsTo('POST /api/support/messages')[0]?.body).toEqual({ body: 'My calls stopped' });
    expect(field).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close support chat' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses an empty message without sending, and shows the server’s refusal', async () => {
    const api = mockApi({
      ...sessionRoutes(aUser()),
      'GET /api/support/messages': chat([], null),
      'POST /api/support/messages': {
        status: 429,
        body: { error: 'You are sending messages too quickly, please wait a few minutes' },
      },
    });
    renderScreen(<Chat />, { user: aUser() });
    const dialog = await openChat();
    expect(await within(dialog).findByText(/Send us a message and we'll reply here/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Please type a message')).toBeInTheDocument();
    expect(api.callsTo('POST /api/support/messages')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Hello?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await within(dialog).findByText('You are sending messages too quickly, please wait a few minutes'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveValue('Hello?');
  });

  it('polls for replies with the cursor while open, and stops when closed', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    let polls = 0;
    const api = mockApi({
      ...sessionRoutes(aUser()),
      'GET /api/support/messages': () =>
        ++polls === 1
          ? chat([message(7, 'user', 'Anyone there?')])
          : polls === 2
            ? chat([message(8, 'support', 'Yes, we are here')], 'answered')
            : { body: { result: { status: 'answered', messages: [], cursor: 8 } } },
    });
    renderScreen(<Chat />, { user: aUser() });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Support chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Support chat' });
    expect(await within(dialog).findByText('Anyone there?')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(SUPPORT_POLL_MS));
    expect(await within(dialog).findByText('Yes, we are here')).toBeInTheDocument();
    const urls = api.callsTo('GET /api/support/messages').map((c) => c.url);
    expect(urls[0]).toBe('/api/support/messages');
    expect(urls[1]).toBe('/api/support/messages?since=7');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const before = api.callsTo('GET /api/support/messages').length;
    await act(() => jest.advanceTimersByTimeAsync(SUPPORT_POLL_MS * 3));
    expect(api.callsTo('GET /api/support/messages')).toHaveLength(before);
  });

  it('in the native shell: no floating button; the bottom bar’s Support opens the same chat and tells the host', async () => {
    mockApi({
      ...sessionRoutes(aUser()),
      'GET /api/support/messages': chat([message(1, 'support', 'Welcome')], 'answered'),
    });
    const heard: unknown[] = [];
    const listen = (e: Event) => heard.push((e as CustomEvent).detail);
    window.addEventListener('fajr:host-message', listen);
    try {
      renderScreen(<Chat native />, { user: aUser() });
      expect(screen.queryByRole('button', { name: 'Support chat' })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Support' }));
      const dialog = await screen.findByRole('dialog', { name: 'Support chat' });
      expect(await within(dialog).findByText('Welcome')).toBeInTheDocument();
      expect(heard).toContainEqual({ type: 'support-chat' });
    } finally {
      window.removeEventListener('fajr:host-message', listen);
    }
  });
});
