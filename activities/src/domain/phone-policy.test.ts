import { DEFAULT_PHONE_COUNTRIES, DEFAULT_VOICE_CODE_COUNTRIES } from '../config';
import { codeChannelFor, dailyCapMessage, phoneRefusal, waitText } from './phone-policy';

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

  it('when the country is not in the allow-list, then it is refused naming the country in words', () => {
    expect(phoneRefusal('+8613812345678', ALLOWED)).toBe(
      'We do not call or text numbers in China yet, please use a number from a country we serve',
    );
    expect(phoneRefusal('+8613812345678', ['CN'])).toBeNull();
    expect(phoneRefusal('+447400123456', ['US'])).toMatch(/numbers in the United Kingdom yet/);
    expect(phoneRefusal('+31612345678', ['US'])).toMatch(/numbers in the Netherlands yet/);
    expect(phoneRefusal('+447400123456', ['US'])).not.toMatch(/\bGB\b/);
  });

  it.each([
    ['Indonesia', '+6281234567890'],
    ['Pakistan', '+923001234567'],
    ['Bangladesh', '+8801712345678'],
    ['India', '+919812345678'],
    ['Turkey', '+905321234567'],
    ['Egypt', '+201001234567'],
    ['Morocco', '+212612345678'],
    ['Algeria', '+213551234567'],
    ['Tunisia', '+21620123456'],
    ['Jordan', '+962791234567'],
    ['Nigeria', '+2348031234567'],
    ['Brunei', '+6737123456'],
    ['Saudi Arabia', '+966501234567'],
    ['Oman', '+96892123456'],
  ])('when a mobile number is from %s, then it is served by default', (_country, n) => {
    expect(phoneRefusal(n, ALLOWED)).toBeNull();
  });

  it('when texts to the country are unreliable, then its codes are read out by a call', () => {
    const voice = [...DEFAULT_VOICE_CODE_COUNTRIES];
    expect(codeChannelFor('+2348031234567', voice)).toBe('voice-code');
    expect(codeChannelFor('+923001234567', voice)).toBe('voice-code');
    expect(codeChannelFor('+8801712345678', voice)).toBe('voice-code');
    expect(codeChannelFor('+6281234567890', voice)).toBe('sms');
    expect(codeChannelFor('+447400123456', voice)).toBe('sms');
  });

  it('when a daily cap is reached, then the message says when to try again', () => {
    expect(waitText(30)).toBe('in 30 seconds');
    expect(waitText(600)).toBe('in 10 minutes');
    expect(waitText(5 * 3600)).toBe('in 5 hours');
    expect(dailyCapMessage('test-call', 7200)).toBe(
      "You have reached today's limit of test calls for this phone number, please try again in 2 hours",
    );
  });
});
