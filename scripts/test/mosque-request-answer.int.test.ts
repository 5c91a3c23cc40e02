import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { createLogger } from '@fajr/activities';
import { createLocalEmail } from '@fajr/activities/adapters/email/local';
import { createLocalMessaging } from '@fajr/activities/adapters/messaging/local';
import { runOps, type OpsIo } from '../src/ops/commands';

jest.setTimeout(30_000);

let db: TestDatabase;
let io: Omit<OpsIo, 'out' | 'err'>;
beforeAll(async () => {
  db = await createTestDatabase();
  const logger = createLogger('test', 'silent');
  io = {
    db: db.knex,
    messaging: async () => createLocalMessaging(db.knex, logger),
    email: async () => createLocalEmail(db.knex, logger),
    webUrl: async () => 'http://localhost:5173/',
  };
});
afterAll(async () => {
  await db?.drop();
});

async function ops(...argv: string[]) {
  const out: string[] = [];
  const code = await runOps(argv, { ...io, out: (l) => out.push(l), err: (l) => out.push(l) });
  return { code, out: out.join('\n') };
}
const outboxFor = (recipient: string) => db.knex('local_outbox').where({ recipient }).orderBy('created_at', 'desc');

/** A request by a new user (a verified phone, an e-mail address, or neither); its id. */
async function requestBy(user: { phone?: string; verified?: boolean; email?: string } | null): Promise<string> {
  const [u] = user
    ? await db
        .knex('users')
        .insert({
          phone_number: user.phone ?? null,
          phone_verified_at: user.verified ? new Date() : null,
          email: user.email ?? null,
          password_hash: 'x',
        })
        .returning('id')
    : [null];
  const [r] = await db
    .knex('mosque_requests')
    .insert({ user_id: u?.id ?? null, name: 'Leeds Grand Mosque', address: 'Woodsley Road' })
    .returning('id');
  return r.id;
}

describe('npm run ops -- requests resolve: the requester hears back', () => {
  it('when the mosque was added, then an SMS to their verified number says how to choose it', async () => {
    const id = await requestBy({ phone: '+447700900555', verified: true, email: 'has-both@example.com' });
    const res = await ops('requests', 'resolve', id, '--added', 'East London Mosque');
    expect(res).toMatchObject({ code: 0, out: expect.stringContaining('Told the requester by SMS') });
    const [sms] = await outboxFor('+447700900555');
    expect(sms.body).toBe(
      "Fajr: East London Mosque, the mosque you asked for, is now listed. Choose it in Settings, Mosque, to be called before its Fajr jama'ah: http://localhost:5173/app/settings",
    );
    expect(await outboxFor('has-both@example.com')).toHaveLength(0);
  });

  it('when it was rejected and their number is not verified, then an e-mail with the reason, never an SMS', async () => {
    const id = await requestBy({ phone: '+447700900556', verified: false, email: 'asker@example.com' });
    expect((await ops('requests', 'resolve', id, '--rejected', 'We could not find it at that address')).out).toContain(
      'Told the requester by e-mail',
    );
    expect(await outboxFor('+447700900556')).toHaveLength(0);
    const [mail] = await outboxFor('asker@example.com');
    expect(mail).toMatchObject({ subject: 'Your mosque request: Leeds Grand Mosque' });
    expect(mail.body).toBe(
      'Fajr: we could not add Leeds Grand Mosque, the mosque you asked for: We could not find it at that address. http://localhost:5173/app',
    );
  });

  it('when nobody signed in asked, then nothing is sent and the operator is told', async () => {
    const id = await requestBy(null);
    expect(await ops('requests', 'resolve', id, '--rejected', 'no')).toMatchObject({
      code: 0,
      out: expect.stringContaining('Nobody to tell'),
    });
  });
});
