import { createHmac } from 'node:crypto';
import { verifyStripeSignature } from './stripe-format';
import { WebhookSignatureError } from './types';

const SECRET = 'whsec_test';
const body = JSON.stringify({ id: 'evt_1', type: 'customer.subscription.updated', created: 1, data: { object: {} } });
const header = (t: number) => `t=${t},v1=${createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

describe("Stripe-format webhook signatures (issue 42's informational point)", () => {
  it('when the signature is fresh, then the event is read', () => {
    expect(verifyStripeSignature(body, header(now()), SECRET).id).toBe('evt_1');
  });

  it('when the signature is stamped more than 5 minutes ago or ahead, then it is refused', () => {
    expect(() => verifyStripeSignature(body, header(now() - 3600), SECRET)).toThrow(WebhookSignatureError);
    expect(() => verifyStripeSignature(body, header(now() + 3600), SECRET)).toThrow(
      'Signature timestamp is in the future',
    );
    expect(verifyStripeSignature(body, header(now() + 60), SECRET).id).toBe('evt_1');
  });
});
