import { parsePhone, parseUsername, usernameKey } from './usernames';

describe('usernames', () => {
  it('when an e-mail is typed with capitals and spaces, then it is trimmed and lower-cased', () => {
    expect(parseUsername('  Aisha.Khan@Example.COM ')).toEqual({ kind: 'email', email: 'aisha.khan@example.com' });
  });

  it('when a phone number is typed with spaces, brackets or 00, then it becomes E.164 with its country', () => {
    expect(parseUsername('+44 (20) 7946-0018')).toEqual({ kind: 'phone', phoneNumber: '+442079460018', countryCode: 'GB' });
    expect(parsePhone('0049 30 901820')).toEqual({ phoneNumber: '+4930901820', countryCode: 'DE' });
    expect(parsePhone('+1 212 555 0100')?.phoneNumber).toBe('+12125550100');
  });

  it('when the input is neither an e-mail nor an international number, then it is refused', () => {
    for (const bad of ['07911123456', '+44 12', 'hello', 'a@b', '@example.com', '+999 1234567', '']) expect(parseUsername(bad)).toBeUndefined();
  });

  it('when a rate-limit key is made, then spellings of one username share it', () => {
    expect(usernameKey('+44 20 7946 0018')).toBe(usernameKey('00442079460018'));
    expect(usernameKey('A@Example.com')).toBe('a@example.com');
    expect(usernameKey(' junk ')).toBe('junk');
    expect(usernameKey(42)).toBeUndefined();
  });
});
