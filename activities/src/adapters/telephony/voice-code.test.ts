import { voiceCodeTwiml } from './voice-code';

describe('a code read out by a call', () => {
  it('when the TwiML is made, then it says the digits one by one, twice, and hangs up', () => {
    const twiml = voiceCodeTwiml('402719');
    expect(twiml.match(/4, 0, 2, 7, 1, 9\./g)).toHaveLength(2);
    expect(twiml).toMatch(/<Pause length="2"\/>/);
    expect(twiml).toMatch(/<Hangup\/><\/Response>$/);
  });
});
