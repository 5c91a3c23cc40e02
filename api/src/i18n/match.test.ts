import { COMMON_PASSWORD, CONTAINS_FAJR } from '@fajr/activities/domain/passwords';
import { APP_USER_UPGRADE, UPGRADE_TO_PLUS, UPGRADE_TO_PREMIUM } from '@fajr/activities/domain/entitlements';
import { dailyCapMessage, phoneRefusal } from '@fajr/activities/domain/phone-policy';
import { phoneNumberProblem } from '@fajr/activities/domain/usernames';
import { RATE_LIMITS } from '../middleware/rate-limit';
import { NUL_REFUSED } from '../middleware/nul-bytes';
import { INVALID_CREDENTIALS, INVALID_USERNAME } from '../services/auth.service';
import { CODE_SENT, cooldownMessage, RESET_CODE_SENT, WRONG_CODE } from '../services/codes.service';
import { FRIEND_CONSENTED, FRIEND_LIMIT } from '../services/friends.service';
import { TEST_CALL_MESSAGE, TEST_CALL_PENDING, TRIAL_ENDED } from '../services/calls.service';
import { VERIFY_TO_BE_CALLED } from '../services/schedules.service';
import { GOODBYE_MESSAGE, WRONG_PASSWORD } from '../services/users.service';
import { identify, translate } from './match';

const CONSTANTS = [
  COMMON_PASSWORD,
  CONTAINS_FAJR,
  APP_USER_UPGRADE,
  UPGRADE_TO_PLUS,
  UPGRADE_TO_PREMIUM,
  NUL_REFUSED,
  INVALID_CREDENTIALS,
  INVALID_USERNAME,
  CODE_SENT,
  RESET_CODE_SENT,
  WRONG_CODE,
  FRIEND_CONSENTED,
  FRIEND_LIMIT,
  TEST_CALL_MESSAGE,
  TEST_CALL_PENDING,
  TRIAL_ENDED,
  VERIFY_TO_BE_CALLED,
  GOODBYE_MESSAGE,
  WRONG_PASSWORD,
];

describe('which catalogue message an English text is', () => {
  it.each(CONSTANTS)('when the text is %p, then it has a code and English stays byte for byte', (text) => {
    const said = translate(text, 'en');
    expect(said).toEqual({ code: expect.any(String), text });
    expect(translate(text, 'ar')!.text).not.toBe(text);
  });

  it('when a rate limit answers, then every one of its messages has a code', () => {
    const messages = Object.values(RATE_LIMITS).flatMap((l) =>
      Object.values(l as Record<string, { message?: string }>).flatMap((x) => (x?.message ? [x.message] : [])),
    );
    expect(messages.length).toBeGreaterThan(10);
    for (const m of messages) expect([m, identify(m)?.key]).toEqual([m, expect.stringMatching(/^rate\./)]);
  });

  it("when a daily cap says when to try again, then the wait is told in the language's words", () => {
    const text = dailyCapMessage('sms', 3 * 3600);
    expect(identify(text)).toEqual({ key: 'cap.sms', params: { wait: 'in 3 hours' } });
    expect(translate(text, 'ar')!.text).toContain('بعد 3 ساعات');
    expect(translate(text, 'tr')!.text).toContain('3 saat sonra');
    expect(translate(dailyCapMessage('test-call', 600), 'fr')!.text).toContain('dans 10 minutes');
    expect(translate(cooldownMessage(42), 'id')).toEqual({
      code: 'code.cooldown',
      text: expect.stringContaining('42'),
    });
  });

  it('when a number is refused for its country, then the country is named in the language', () => {
    const text = phoneRefusal('+62 812 3456 7890', ['GB'])!;
    expect(identify(text)?.key).toBe('phone.country_not_served');
    expect(translate(text, 'fr')!.text).toContain('Indonésie');
    expect(translate(phoneRefusal('+44 7400 123456', ['ID'])!, 'tr')!.text).toContain('Birleşik Krallık');
  });

  it('when a typed phone number is wrong, then each of its explanations has a code', () => {
    for (const [input, country] of [
      ['', null],
      ['a@b.co', null],
      ['abc', null],
      ['07400', null],
      ['+999 123', null],
      ['0740', 'GB'],
      ['07400 1234567890', 'GB'],
    ] as const) {
      const problem = phoneNumberProblem(input, country);
      expect([problem, identify(problem!)?.key]).toEqual([problem, expect.stringMatching(/^phone\./)]);
    }
  });

  it("when a published timetable is for a zone, then the zone is named in the language's words", () => {
    const text =
      'The JAKIM timetable is published for zone SGR01, not for your city: please choose a calculation method';
    expect(translate(text, 'tr')).toEqual({
      code: 'prefs.timetable_elsewhere',
      text: expect.stringContaining('SGR01 bölgesi'),
    });
  });

  it('when a text is none of the catalogue, then it is not claimed', () => {
    expect(translate('Something nobody wrote', 'ar')).toBeNull();
  });
});
