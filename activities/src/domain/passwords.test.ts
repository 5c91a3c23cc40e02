import { COMMON_PASSWORD, newPasswordProblem } from './passwords';

describe('new passwords (NIST 800-63B)', () => {
  it.each(['password', 'Password1', '12345678', 'iloveyou', 'qwertyuiop'])('when the password is the common %s, then it is refused', (p) => {
    expect(newPasswordProblem(p)).toBe(COMMON_PASSWORD);
  });

  it('when the password is not on the list, then it is fine', () => {
    expect(newPasswordProblem('correct horse battery')).toBeNull();
  });
});
