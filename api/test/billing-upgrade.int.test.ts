import { signalsOf, WEB_ORIGIN } from '@fajr/scripts/testing/api';
import { useLocalBillingApi } from '@fajr/scripts/testing/billing-api';
import { fajrCallsWorkflowId } from '@fajr/workflows';

jest.setTimeout(60_000);

// SPEC section 4: a plan holder moves up from any plan; the move is a prorated change of the live
// subscription, and what it charges is said before it charges (docs/BILLING.md "Moving up").
const { h, started } = useLocalBillingApi();

const form = (path: string, fields: Record<string, string>) =>
  fetch(`${h.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

/** A user who bought PLUS through the local checkout. */
async function plusUser() {
  const user = await h.user();
  started.push(fajrCallsWorkflowId(user.id));
  const checkout = await h.api('POST', '/api/subscriptions/premium/PLUS', { token: user.token, origin: WEB_ORIGIN });
  const paid = await form(`${new URL(checkout.body.result.url).pathname}/pay`, {
    name: 'Amina',
    email: user.email,
    postal_code: 'E1 6AN',
  });
  expect(paid.status).toBe(303);
  expect((await h.db('users').where({ id: user.id }).first()).plan).toBe('PLUS');
  return user;
}

describe('moving up from a paid plan', () => {
  it('when a Plus user ten days before the renewal upgrades to Premium, then the preview, the confirmation page and the charge are the prorated difference', async () => {
    const user = await plusUser();
    // Twenty days into the month: ten of its thirty days are left.
    const periodEnd = new Date(Date.now() + 10 * 86_400_000);
    const periodStart = new Date(periodEnd);
    periodStart.setUTCMonth(periodStart.getUTCMonth() - 1);
    const share = (periodEnd.getTime() - Date.now()) / (periodEnd.getTime() - periodStart.getTime());
    const sub = await h.db('local_payment_subscriptions').where({ client_reference_id: user.id }).first();
    await h.db('local_payment_subscriptions').where({ id: sub.id }).update({ current_period_end: periodEnd });
    const expected = Math.round(599 * share) - Math.round(399 * share);
    expect(expected).toBeGreaterThan(50);
    expect(expected).toBeLessThan(80);

    // What the web shows in its confirmation dialog, before anything is charged.
    const preview = await h.api('GET', '/api/subscriptions/premium/PREMIUM/preview', { token: user.token });
    expect(preview.status).toBe(200);
    expect(preview.body.result).toMatchObject({
      currency: 'gbp',
      monthlyAmount: 599,
      periodEnd: periodEnd.toISOString(),
    });
    // A second or two pass between here and the charge; the pennies may not.
    expect(Math.abs(preview.body.result.amountDue - expected)).toBeLessThanOrEqual(1);
    expect(await h.db('local_payment_invoices').where({ subscription_id: sub.id })).toEqual([]);

    // The plan button's plan change: the portal's confirmation page names the same amount.
    const up = await h.api('POST', '/api/subscriptions/premium/PREMIUM', { token: user.token, origin: WEB_ORIGIN });
    const upUrl = new URL(up.body.result.url);
    const confirmPage = await (await fetch(upUrl)).text();
    expect(confirmPage).toContain(
      `Due today: <strong id="amount-due">${(preview.body.result.amountDue / 100).toFixed(2)} GBP</strong>`,
    );
    expect(confirmPage).toContain('then 5.99 GBP per month');
    expect(confirmPage).toContain('<input type="hidden" name="back" value="app">');

    // Confirming charges the prorated difference once, moves the plan and returns to the app.
    const changed = await form(`${upUrl.pathname}/subscriptions/${sub.id}/plan`, { plan: 'PREMIUM', back: 'app' });
    expect(changed.status).toBe(303);
    expect(changed.headers.get('location')).toBe(`${WEB_ORIGIN}/app`);
    const invoices = await h.db('local_payment_invoices').where({ subscription_id: sub.id });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ from_plan: 'PLUS', to_plan: 'PREMIUM', currency: 'gbp' });
    expect(Math.abs(invoices[0].amount_due - expected)).toBeLessThanOrEqual(1);
    expect((await h.db('users').where({ id: user.id }).first()).plan).toBe('PREMIUM');
    expect(await h.db('subscriptions').where({ user_id: user.id })).toHaveLength(1);
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(user.id))).toEqual(['prefsChanged', 'prefsChanged']);
  });

  it('when a user has no plan bought on the web, then the preview is 409 and a plan of their own is 409', async () => {
    const user = await h.user();
    expect(await h.api('GET', '/api/subscriptions/premium/PLUS/preview', { token: user.token })).toMatchObject({
      status: 409,
      body: { error: 'You have no plan bought on the web to change; choose a plan to check out' },
    });
    const plus = await plusUser();
    expect((await h.api('GET', '/api/subscriptions/premium/PLUS/preview', { token: plus.token })).status).toBe(409);
  });

  it('when the plan is not one of ours or the token is missing, then 400 and 401', async () => {
    const user = await h.user();
    expect((await h.api('GET', '/api/subscriptions/premium/GOLD/preview', { token: user.token })).status).toBe(400);
    expect((await h.api('GET', '/api/subscriptions/premium/PLUS/preview')).status).toBe(401);
  });
});
