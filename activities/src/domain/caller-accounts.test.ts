import { ConfigError, parseConfig, sharedConfigSchema } from '../config';
import { checkSharedConfig } from '../config-checks';
import { LOCAL_ACCOUNT_SID, parseCallerAccountsSpec, telephonyAccountsOf } from './caller-accounts';

const A = { number: '+447700900201', sid: `AC${'a'.repeat(32)}`, token: 'token-of-account-a-0123456789' };
const B = { number: '+447700900202', sid: `AC${'b'.repeat(32)}`, token: 'token-of-account-b-0123456789' };
const KEY = `SK${'c'.repeat(32)}`;

const json = (entries: unknown[]) => JSON.stringify(entries);
const entryA = { number: A.number, callsPerSecond: 10, accountSid: A.sid, authToken: A.token };
const entryB = { number: B.number, callsPerSecond: 10, accountSid: B.sid, authToken: B.token };

const configOf = (env: Record<string, string>) =>
  parseConfig(sharedConfigSchema, { DATABASE_URL: 'postgres://unused/db', ...env }, checkSharedConfig);

describe('CALLER_ACCOUNTS', () => {
  it('when it lists numbers with rates (the older form), then they are numbers of the one account, as before', () => {
    expect(parseCallerAccountsSpec('+447700900201=10, +447700900202=2.5')).toEqual({
      callers: [
        { number: '+447700900201', callsPerSecond: 10 },
        { number: '+447700900202', callsPerSecond: 2.5 },
      ],
      accounts: [],
    });
    const accounts = telephonyAccountsOf(
      configOf({
        TELEPHONY_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: A.sid,
        TWILIO_AUTH_TOKEN: A.token,
        CALLER_ACCOUNTS: '+447700900201=10,+447700900202=10',
      }),
    );
    expect(accounts.separate).toBe(false);
    expect(accounts.accounts).toEqual([{ sid: A.sid, authToken: A.token }]);
    expect(accounts.accountOf('+447700900202').sid).toBe(A.sid);
  });

  it('when it is a JSON array of accounts, then each number dials through its own account with its own credentials and rate', () => {
    const withKey = { ...entryB, apiKey: KEY, apiSecret: 'key-secret' };
    expect(parseCallerAccountsSpec(json([entryA, withKey]))).toEqual({
      callers: [
        { number: A.number, callsPerSecond: 10, accountSid: A.sid },
        { number: B.number, callsPerSecond: 10, accountSid: B.sid },
      ],
      accounts: [
        { sid: A.sid, authToken: A.token },
        { sid: B.sid, authToken: B.token, apiKey: KEY, apiSecret: 'key-secret' },
      ],
    });
    // Twilio needs no TWILIO_ACCOUNT_SID for calls then; a code read out leaves from the first entry's number.
    const cfg = configOf({ TELEPHONY_PROVIDER: 'twilio', CALLER_ACCOUNTS: json([entryA, entryB]) });
    const accounts = telephonyAccountsOf(cfg);
    expect(accounts.separate).toBe(true);
    expect(accounts.accountOf(B.number)).toEqual({ sid: B.sid, authToken: B.token });
    expect(accounts.defaultCaller).toBe(A.number);
    expect(accounts.bySid(B.sid.toUpperCase())?.authToken).toBe(B.token);
    expect(accounts.bySid(`AC${'d'.repeat(32)}`)).toBeUndefined();
    // Locally, the simulated accounts sign with their own tokens; other numbers with the local provider's.
    const local = telephonyAccountsOf(configOf({ CALLER_ACCOUNTS: json([entryA, entryB]) }));
    expect(local.accountOf(B.number).authToken).toBe(B.token);
    expect(local.accountOf('+447700900999').sid).toBe(LOCAL_ACCOUNT_SID);
    expect(local.defaultCaller).toBe('+447700900123');
  });

  it('when an entry is malformed, then the configuration error names CALLER_ACCOUNTS, the entry and the field, and never a secret', () => {
    const cases: [unknown, RegExp][] = [
      [[entryA, { ...entryB, authToken: undefined }], /entry 2 \(\+447700900202\): authToken: Invalid input/],
      [[entryA, { ...entryB, accountSid: 'AC123' }], /entry 2 \(\+447700900202\): accountSid: must be AC/],
      [[{ ...entryA, authtoken: A.token, authToken: undefined }], /entry 1 .*[Uu]nrecognized key.*authtoken/],
      [[{ ...entryA, apiKey: KEY }], /entry 1 .*apiKey and apiSecret go together/],
      [[{ ...entryA, number: '0447700900201' }], /entry 1: number: must be an E.164 number/],
      [[entryA, { ...entryB, accountSid: A.sid }], new RegExp(`names account ${A.sid.toUpperCase()} twice`)],
      [[entryA, { ...entryB, number: A.number }], /names a number twice/],
      [[entryA, { ...entryB, callsPerSecond: 0.5 }], /at least 1 call per second/],
      [{ number: A.number }, /must be a JSON array/],
      [[], /names no account/],
    ];
    for (const [value, message] of cases) {
      const run = () => configOf({ TELEPHONY_PROVIDER: 'twilio', CALLER_ACCOUNTS: JSON.stringify(value) });
      expect(run).toThrow(ConfigError);
      expect(run).toThrow(message);
      expect(run).toThrow(/CALLER_ACCOUNTS: /);
    }
    // Broken JSON: the parser's own message quotes the text around the error (a token); ours does not.
    const broken = `[{"number":"${A.number}","callsPerSecond":10,"accountSid":"${A.sid}","authToken":"${A.token}"`;
    let message = '';
    try {
      configOf({ CALLER_ACCOUNTS: broken });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/CALLER_ACCOUNTS: is not valid JSON/);
    expect(message).not.toContain(A.token);
    expect(() => configOf({ CALLER_ACCOUNTS: `+447700900201=10,AC${'a'.repeat(32)}:${A.token}` })).toThrow(
      /CALLER_ACCOUNTS: entry 2 is not <E.164 number>=<calls per second>$/,
    );
    expect(() => configOf({ CALLER_ACCOUNTS: json([{ ...entryA, callsPerSecond: '10' }]) })).toThrow(
      /entry 1 \(\+447700900201\): callsPerSecond: Invalid input: expected number/,
    );
  });

  it('when the older single-account settings are used, then Twilio still needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN, and texts always do', () => {
    expect(() => configOf({ TELEPHONY_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID is required/);
    expect(() => configOf({ TELEPHONY_PROVIDER: 'twilio', CALLER_ACCOUNTS: '+447700900201=10' })).toThrow(
      /TWILIO_AUTH_TOKEN is required/,
    );
    expect(() =>
      configOf({ TELEPHONY_PROVIDER: 'twilio', MESSAGING_PROVIDER: 'twilio', CALLER_ACCOUNTS: json([entryA]) }),
    ).toThrow(/TWILIO_ACCOUNT_SID is required/);
    const single = telephonyAccountsOf(
      configOf({ TELEPHONY_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: A.sid, TWILIO_AUTH_TOKEN: A.token }),
    );
    expect(single.callers).toEqual([{ number: '+447700900123', callsPerSecond: 1 }]);
    expect(single.accountOf(undefined)).toEqual({ sid: A.sid, authToken: A.token });
  });
});
