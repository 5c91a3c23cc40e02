import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { createLogger } from '../../logger';
import { createTwilioMessaging } from './twilio';

// The real twilio SDK and its real HTTP client, with requests to api.twilio.com sent to a local
// server that answers like the Messages API, so the request the adapter makes can be checked.
describe('Twilio SMS adapter', () => {
  let server: http.Server;
  let base: string;
  const seen: { method?: string; url?: string; auth?: string; form: URLSearchParams }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({
          method: req.method,
          url: req.url,
          auth: req.headers.authorization,
          form: new URLSearchParams(body),
        });
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            sid: 'SM0123456789abcdef0123456789abcdef',
            status: 'queued',
            to: '+447911123456',
            body: 'x',
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const httpClient = () => {
    const real = new twilio.RequestClient();
    return {
      request: (opts: Parameters<typeof real.request>[0]) =>
        real.request({ ...opts, uri: opts.uri.replace('https://api.twilio.com', base) }),
    } as unknown as twilio.RequestClient;
  };

  it('when an SMS is sent, then the Messages API gets To, From and Body with the account credentials, and the sid comes back', async () => {
    const sms = createTwilioMessaging(
      { accountSid: 'AC_test_account', authToken: 'secret-token', from: '+447700900123', httpClient: httpClient() },
      createLogger('t', 'silent'),
    );
    const result = await sms.sendSms('+447911123456', 'Your Fajr verification code is 123456.');
    expect(result).toEqual({ id: 'SM0123456789abcdef0123456789abcdef' });
    const req = seen.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/2010-04-01/Accounts/AC_test_account/Messages.json');
    expect(req.auth).toBe(`Basic ${Buffer.from('AC_test_account:secret-token').toString('base64')}`);
    expect(Object.fromEntries(req.form)).toEqual({
      To: '+447911123456',
      From: '+447700900123',
      Body: 'Your Fajr verification code is 123456.',
    });
  });

  it('when the sender is a Messaging Service, then it is sent as MessagingServiceSid', async () => {
    const sms = createTwilioMessaging(
      { accountSid: 'AC_test_account', authToken: 'secret-token', from: 'MG0123', httpClient: httpClient() },
      createLogger('t', 'silent'),
    );
    await sms.sendSms('+447911123456', 'hello');
    expect(Object.fromEntries(seen.at(-1)!.form)).toMatchObject({ MessagingServiceSid: 'MG0123' });
  });
});
