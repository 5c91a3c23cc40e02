// Phone numbers for test users and the local phone.

let seq = Math.floor(Math.random() * 20_000);
/**
 * A valid UK mobile number this process has not handed out before: `range` (default 07911 1) then
 * 30000–49999, counting up from a random start. Tests write their own numbers outside that block.
 * Numbers drawn at random collided: 100 users in one test shared one about once in twenty runs (the
 * birthday bound), and the insert broke the unique index.
 */
export function freshPhone(range = '+4479111'): string {
  seq += 1;
  return `${range}${30_000 + (seq % 20_000)}`;
}
