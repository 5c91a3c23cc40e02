import { DEFAULT_PHONE_COUNTRIES } from '../config';
import { dailyCapMessage, phoneRefusal, waitText } from './phone-policy';

const ALLOWED = [...DEFAULT_PHONE_COUNTRIES];

describe('phone policy: which numbers we call and text', () => {
  it.each([
    ['a GB mobile', '+447400123456'],
    ['a GB landline', '+442071234567'],
    ['a US number (fixed line or mobile)', '+12025550123'],
    ['a French mobile', '+33612345678'],
  ])('when the number is %s, then it may be called', (_what, n) => {
    expect(phoneRefusal(n, ALLOWED)).toBeNull();
  });

  it.each([
    ['+449091234567', /premium-rate/],
    ['+448701234567', /premium-rate/],
    ['+881612345678', /satellite/],
    ['+447700900123', /not in use/],
  ])('when the number is %s, then it is refused, saying why', (n, why) => {
    expect(phoneRefusal(n, ALLOWED)).toMatch(why);
  });

  it('when the country is not in the allow-list, then it is refused naming the country', () => {
    expect(phoneRefusal('+8613812345678', ALLOWED)).toMatch(/country \(CN\)/);
    expect(phoneRefusal('+8613812345678', ['CN'])).toBeNull();
    expect(phoneRefusal('+447400123456', ['US'])).toMatch(/country \(GB\)/);
  });

  it('when a daily cap is reached, then the message says when to try again', () => {
    expect(waitText(30)).toBe('in 30 seconds');
    expect(waitText(600)).toBe('in 10 minutes');
    expect(waitText(5 * 3600)).toBe('in 5 hours');
    expect(dailyCapMessage('test-call', 7200)).toBe("You have reached today's limit of test calls for this phone number, please try again in 2 hours");
  });
});
