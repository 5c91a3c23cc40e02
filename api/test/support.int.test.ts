import { runOps } from '@fajr/scripts/ops/commands';
import { SUPPORT_MESSAGE_MAX, supportMessagesResult, supportSendResult } from '../src/contracts/support.contract';
import { RATE_LIMITS } from '../src/middleware/rate-limit';
import { useApi } from '@fajr/scripts/testing/api';

jest.setTimeout(60_000);

const SUPPORT = 'support@example.com';

const h = useApi({ rateLimits: 'on', env: { SUPPORT_EMAIL: SUPPORT } });

// Each test speaks from its own address (the app trusts X-Forwarded-For from the loopback proxy), so the per-IP limit stays out of the way.
let ipSeq = 0;
const fromNewIp = () => ({ 'x-forwarded-for': `198.51.100.${++ipSeq}` });

async function ops(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, { db: h.db, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const send = (token: string, body: unknown, headers = fromNewIp()) =>
  h.api('POST', '/api/support/messages', { token, body, headers });
const read = async (token: string, since?: number) => {
  const res = await h.api('GET', `/api/support/messages${since === undefined ? '' : `?since=${since}`}`, { token });
  expect(res.status).toBe(200);
  return supportMessagesResult.parse(res.body).result;
};

describe('support chat (GET/POST /api/support/messages)', () => {
  it('when a user has never written, then the chat is empty with no status', async () => {
    const u = await h.user();
    expect(await read(u.token)).toEqual({ status: null, messages: [], cursor: 0 });
  });

  it('when a user writes, then the message is stored trimmed, the chat waits for support, and polling after it returns nothing new', async () => {
    const u = await h.user();
    const res = await send(u.token, { body: '  My calls stopped yesterday  ' });
    expect(res.status).toBe(200);
    const sent = supportSendResult.parse(res.body).result;
    expect(sent).toMatchObject({ from: 'user', body: 'My calls stopped yesterday' });
    const chat = await read(u.token);
    expect(chat).toEqual({ status: 'waiting', messages: [sent], cursor: sent.id });
    expect(await read(u.token, chat.cursor)).toEqual({ status: 'waiting', messages: [], cursor: sent.id });
  });

  it('when an operator replies with npm run ops, then the reply arrives at the next poll and the chat is answered; the next user message reopens it', async () => {
    const u = await h.user();
    const first = supportSendResult.parse((await send(u.token, { body: 'Hello, is anyone there?' })).body).result;
    const listed = await ops('support', 'list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(u.email);
    expect(listed.out).toContain('Hello, is anyone there?');
    const conversation = await h.db('support_conversations').where({ user_id: u.id }).first();

    const replied = await ops(
      'support',
      'reply',
      conversation.id,
      '--message',
      'Salaam! How can we help?',
      '--as',
      'Aisha',
    );
    expect(replied).toMatchObject({ code: 0, err: '' });
    const update = await read(u.token, first.id);
    expect(update.status).toBe('answered');
    expect(update.messages).toEqual([
      { id: expect.any(Number), from: 'support', body: 'Salaam! How can we help?', createdAt: expect.any(String) },
    ]);
    // The operator's name is for operators only.
    expect(JSON.stringify(update)).not.toContain('Aisha');
    expect((await ops('support', 'show', conversation.id)).out).toMatch(/support \(Aisha\): Salaam! How can we help\?/);

    expect((await ops('support', 'close', conversation.id)).code).toBe(0);
    expect((await ops('support', 'list')).out).not.toContain(conversation.id);
    expect((await ops('support', 'list', '--all')).out).toContain(conversation.id);
    await send(u.token, { body: 'One more thing' });
    expect((await read(u.token)).status).toBe('waiting');
    expect((await read(u.token)).messages.map((m) => m.from)).toEqual(['user', 'support', 'user']);
    expect(await h.db('support_conversations').where({ user_id: u.id }).count('* as n').first()).toEqual({ n: 1 });
  });

  it('when a chat starts waiting, then support gets one e-mail (not one per message), and again after answering', async () => {
    const u = await h.user();
    const mails = async () =>
      (await h.db('local_outbox').where({ recipient: SUPPORT, channel: 'email' }).orderBy('id')).filter((m) =>
        m.body.includes(conversationId),
      );
    await send(u.token, { body: 'First question' });
    const conversationId = (await h.db('support_conversations').where({ user_id: u.id }).first()).id as string;
    await send(u.token, { body: 'And a second one' });
    expect(await mails()).toEqual([
      expect.objectContaining({ subject: 'New support chat message', body: expect.stringContaining('First question') }),
    ]);
    expect((await mails())[0].body).toContain(`npm run ops -- support reply ${conversationId}`);
    await ops('support', 'reply', conversationId, '--message', 'Answered');
    await send(u.token, { body: 'Follow-up' });
    expect((await mails()).map((m) => m.body.includes('Follow-up'))).toEqual([false, true]);
  });

  it('when two users chat, then neither sees the other’s messages or replies', async () => {
    const a = await h.user();
    const b = await h.user();
    await send(a.token, { body: 'secret of A' });
    await send(b.token, { body: 'question of B' });
    const conversationOfA = await h.db('support_conversations').where({ user_id: a.id }).first();
    await ops('support', 'reply', conversationOfA.id, '--message', 'answer for A');
    const ofB = await read(b.token, 0);
    expect(ofB.messages.map((m) => m.body)).toEqual(['question of B']);
    expect((await read(a.token)).messages.map((m) => m.body)).toEqual(['secret of A', 'answer for A']);
  });

  it('when the account is deleted, then its chat goes with it', async () => {
    const u = await h.user();
    await send(u.token, { body: 'Please delete my data' });
    await h.db('users').where({ id: u.id }).delete();
    expect(await h.db('support_conversations').where({ user_id: u.id })).toEqual([]);
    expect(await h.db('support_messages').where({ body: 'Please delete my data' })).toEqual([]);
  });

  it.each([
    ['no body', undefined],
    ['an empty message', { body: '' }],
    ['only spaces', { body: '   \n ' }],
    ['a message over the limit', { body: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1) }],
    ['a number', { body: 42 }],
    ['an extra field', { body: 'hi', conversationId: '00000000-0000-0000-0000-000000000000' }],
  ])('when the message is %s, then 400 { error } and nothing is stored', async (_what, body) => {
    const u = await h.user();
    const res = await send(u.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String), code: expect.any(String) });
    expect(await h.db('support_conversations').where({ user_id: u.id })).toEqual([]);
  });

  it('when a message is exactly at the limit, then it is accepted', async () => {
    const u = await h.user();
    expect((await send(u.token, { body: 'y'.repeat(SUPPORT_MESSAGE_MAX) })).status).toBe(200);
  });

  it.each(['-1', 'abc', '1.5', '1e400', '1&since=2', '2&extra=1'])(
    'when since is %s, then 400 { error }',
    async (since) => {
      const u = await h.user();
      const res = await h.api('GET', `/api/support/messages?since=${since}`, { token: u.token });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String), code: expect.any(String) });
    },
  );

  it('when nobody is signed in, then both calls answer 401', async () => {
    expect((await h.api('GET', '/api/support/messages')).status).toBe(401);
    expect((await h.api('POST', '/api/support/messages', { body: { body: 'hi' } })).status).toBe(401);
    expect((await h.api('GET', '/api/support/messages', { token: 'not-a-token' })).status).toBe(401);
  });

  it('when one user sends too many messages, then 429 with Retry-After, and other users can still write', async () => {
    const u = await h.user();
    const limit = RATE_LIMITS.supportChat.account.limit;
    for (let i = 0; i < limit; i++) expect((await send(u.token, { body: `message ${i}` })).status).toBe(200);
    const blocked = await send(u.token, { body: 'one too many' });
    expect(blocked).toMatchObject({ status: 429, body: { error: RATE_LIMITS.supportChat.account.message } });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send((await h.user()).token, { body: 'hello' })).status).toBe(200);
    expect((await read(u.token)).messages).toHaveLength(limit);
  });

  it('when the operator mistypes, then ops explains and changes nothing', async () => {
    expect(await ops('support', 'reply', 'not-an-id', '--message', 'hi')).toMatchObject({
      code: 1,
      err: expect.stringContaining('is not a conversation id'),
    });
    expect(await ops('support', 'reply', '00000000-0000-4000-8000-000000000000', '--message', 'hi')).toMatchObject({
      code: 1,
      err: expect.stringContaining('No support chat'),
    });
    const u = await h.user();
    await send(u.token, { body: 'hi' });
    const c = await h.db('support_conversations').where({ user_id: u.id }).first();
    expect(await ops('support', 'reply', c.id)).toMatchObject({ code: 2, err: 'Missing --message' });
    expect(await ops('support', 'reply', c.id, '--message', '  ')).toMatchObject({
      code: 1,
      err: '--message: Please type a message',
    });
    expect(await h.db('support_messages').where({ conversation_id: c.id }).count('* as n').first()).toEqual({ n: 1 });
  });
});
