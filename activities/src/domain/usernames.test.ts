import { parsePhone, parseUsername, phoneNumberProblem, usernameKey } from './usernames';

describe('usernames', () => {
  it('when an e-mail is typed with capitals and spaces, then it is trimmed and lower-cased', () => {
    expect(parseUsername('  Aisha.Khan@Example.COM ')).toEqual({ kind: 'email', email: 'aisha.khan@example.com' });
  });

  it('when a phone number is typed with spaces, brackets or 00, then it becomes E.164 with its country', () => {
    expect(parseUsername('+44 (20) 7946-0018')).toEqual({
      kind: 'phone',
      phoneNumber: '+442079460018',
      countryCode: 'GB',
    });
    expect(parsePhone('0049 30 901820')).toEqual({ phoneNumber: '+4930901820', countryCode: 'DE' });
    expect(parsePhone('+1 212 555 0100')?.phoneNumber).toBe('+12125550100');
  });

  it('when the input is neither an e-mail nor an international number, then it is refused', () => {
    for (const bad of ['07911123456', '+44 12', 'hello', 'a@b', '@example.com', '+999 1234567', ''])
      expect(parseUsername(bad)).toBeUndefined();
  });

  it('when a national number is typed with its country, then it is read in that country', () => {
    expect(parseUsername('07400 123456', 'GB')).toEqual({
      kind: 'phone',
      phoneNumber: '+447400123456',
      countryCode: 'GB',
    });
    expect(parsePhone('(0)7400-123456', 'gb')?.phoneNumber).toBe('+447400123456');
    // An international number keeps its own country whatever the chosen one.
    expect(parsePhone('+49 30 901820', 'GB')).toEqual({ phoneNumber: '+4930901820', countryCode: 'DE' });
    expect(usernameKey('07400 123456', 'GB')).toBe(usernameKey('+447400123456'));
  });

  it('when a phone number is wrong, then the sentence says exactly how', () => {
    expect(phoneNumberProblem('07400 123456', 'GB')).toBeUndefined();
    expect(phoneNumberProblem('  ', 'GB')).toBe('Please enter your phone number');
    expect(phoneNumberProblem('aisha@example.com', 'GB')).toBe('Please enter a phone number, not an email address');
    expect(phoneNumberProblem('07400 12345x', 'GB')).toBe(
      'A phone number has only digits, spaces and an optional + before the country code',
    );
    expect(phoneNumberProblem('07400 123456')).toBe(
      'Please choose the country of this number, or start it with + and the country code',
    );
    expect(phoneNumberProblem('07400 1', 'GB')).toBe('This is too short for a United Kingdom number');
    expect(phoneNumberProblem('07400 12', 'GB')).toBe(
      'This is not a valid number for United Kingdom: please check the digits',
    );
    expect(phoneNumberProblem('07400 1234567890', 'GB')).toBe('This is too long for a United Kingdom number');
    expect(phoneNumberProblem('+999 1234567')).toBe(
      'That country code is not one we know: check the digits after the +',
    );
  });

  it('when a rate-limit key is made, then spellings of one username share it', () => {
    expect(usernameKey('+44 20 7946 0018')).toBe(usernameKey('00442079460018'));
    expect(usernameKey('A@Example.com')).toBe('a@example.com');
    expect(usernameKey(' junk ')).toBe('junk');
    expect(usernameKey(42)).toBeUndefined();
  });
});
