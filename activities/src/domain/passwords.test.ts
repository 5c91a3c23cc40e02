import {
  COMMON_PASSWORD,
  CONTAINS_EMAIL,
  CONTAINS_FAJR,
  CONTAINS_PHONE,
  FEW_CHARACTERS,
  SEQUENCE,
  newPasswordProblem,
} from './passwords';

describe('new passwords (NIST 800-63B)', () => {
  it.each(['password', 'Password1', '12345678', 'iloveyou', 'qwertyuiop'])(
    'when the password is the common %s, then it is refused',
    (p) => {
      expect(newPasswordProblem(p)).toBe(COMMON_PASSWORD);
    },
  );

  it('when the password is not on the list, then it is fine', () => {
    expect(newPasswordProblem('correct horse battery')).toBeNull();
  });

  it.each([
    ['        ', FEW_CHARACTERS],
    ['aaaaaaaa', FEW_CHARACTERS],
    ['abababab', FEW_CHARACTERS],
    ['abcdefgh', SEQUENCE],
    ['98765432', SEQUENCE],
    ['fajrfajr', CONTAINS_FAJR],
    ['my FaJr wake-up', CONTAINS_FAJR],
  ])('when the password is %j, then it is refused saying why', (p, why) => {
    expect(newPasswordProblem(p)).toBe(why);
  });

  it.each(['+447911123456', '447911123456', '07911 123456', '7911-123-456 ok', 'x(0)7911123456'])(
    "when the password holds the account's own number as %j, then it is refused",
    (p) => {
      expect(newPasswordProblem(p, { phoneNumber: '+447911123456' })).toBe(CONTAINS_PHONE);
      expect(newPasswordProblem(p, { phoneNumber: '+447911654321' })).not.toBe(CONTAINS_PHONE);
    },
  );

  it("when the password holds the account's e-mail address or its name, then it is refused", () => {
    expect(newPasswordProblem('amina.k@example.com!', { email: 'amina.k@example.com' })).toBe(CONTAINS_EMAIL);
    expect(newPasswordProblem('Amina.K rises early', { email: 'amina.k@example.com' })).toBe(CONTAINS_EMAIL);
    expect(
      newPasswordProblem('correct horse battery', { email: 'amina.k@example.com', phoneNumber: '+447911123456' }),
    ).toBeNull();
  });
});
