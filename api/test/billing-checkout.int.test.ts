import { signalsOf, WEB_ORIGIN } from '@fajr/scripts/testing/api';
import { trial, fajrCallsWorkflowId, trialWorkflowId } from '@fajr/workflows';
import { postForm, sessionIdOf, useLocalBillingApi } from '@fajr/scripts/testing/billing-api';

jest.setTimeout(60_000);

const { h, started } = useLocalBillingApi();

describe('buying a plan through the local checkout', () => {
  it('when a web user pays for PLUS, then the signed webhook sets the plan, links the customer and signals the workflows', async () => {
    const user = await h.user();
    // A running trial workflow (no worker on this queue: it just collects signals).
    await h.temporal.workflow.start(trial, {
      workflowId: trialWorkflowId(user.id),
      taskQueue: h.taskQueue,
      args: [{ userId: user.id }],
    });
    started.push(trialWorkflowId(user.id), fajrCallsWorkflowId(user.id));

    const checkout = await h.api('POST', '/api/subscriptions/premium/PLUS', { token: user.token, origin: WEB_ORIGIN });
    expect(checkout.status).toBe(200);
    const url: string = checkout.body.result.url;
    expect(url).toMatch(new RegExp(`^${h.base}/api/dev/checkout/cs_local_[0-9a-f]+$`));
    const sessionId = sessionIdOf(url);
    expect(await h.db('checkout_sessions').where({ id: sessionId }).first()).toMatchObject({
      user_id: user.id,
      plan: 'PLUS',
      completed_at: null,
    });

    // The checkout page shows the plan and its amount, with Pay and Cancel.
    const pageRes = await fetch(url);
    expect(pageRes.status).toBe(200);
    const html = await pageRes.text();
    expect(html).toContain('PLUS');
    expect(html).toContain('3.99 GBP');
    expect(html).toMatch(/<button type="submit">Pay<\/button>/);
    expect(html).toMatch(/<button type="submit">Cancel<\/button>/);
    expect(html).toContain(user.email);

    // Nothing changed before paying.
    expect((await h.db('users').where({ id: user.id }).first()).plan).toBeNull();

    const paid = await postForm(h, `/api/dev/checkout/${sessionId}/pay`, {
      name: 'Aisha Khan',
      email: user.email,
      postal_code: 'E1 1JQ',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${WEB_ORIGIN}/app/subscriptions/success?session_id=${sessionId}`);

    const row = await h.db('users').where({ id: user.id }).first();
    expect(row.plan).toBe('PLUS');
    expect(row.billing_customer_id).toMatch(/^cus_local_/);
    const subs = await h.db('subscriptions').where({ user_id: user.id });
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ plan: 'PLUS', status: 'active', provider_customer_id: row.billing_customer_id });
    expect((await h.db('checkout_sessions').where({ id: sessionId }).first()).completed_at).not.toBeNull();
    const events = await h.db('webhook_events').orderBy('id');
    expect(events.map((e) => e.type)).toEqual(['checkout.session.completed', 'customer.subscription.created']);
    for (const e of events) expect(e.processed_at).not.toBeNull();

    // The account API reports the plan (one entitlement module for both).
    const me = await h.api('GET', '/api/users/current-user', { token: user.token });
    expect(me.status).toBe(200);
    expect(me.body.result.user).toMatchObject({
      subscriptionPlanName: 'PLUS',
      isPlus: true,
      isPremium: false,
      isFree: false,
    });

    // The trial heard `subscribed`; the calls chain was (signal-with-)started to re-plan.
    expect(await signalsOf(h.temporal, trialWorkflowId(user.id))).toEqual(['subscribed']);
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(user.id))).toEqual(['prefsChanged']);

    // The success page's data, for this user.
    const details = await h.api('GET', `/api/subscriptions/session/${sessionId}`, { token: user.token });
    expect(details.status).toBe(200);
    expect(details.body).toEqual({
      result: {
        complete: true,
        customer_details: { name: 'Aisha Khan', email: user.email, address: { postal_code: 'E1 1JQ' } },
        amount_total: 399,
        currency: 'gbp',
      },
    });

    // Paying the same checkout again is refused and changes nothing.
    const again = await postForm(h, `/api/dev/checkout/${sessionId}/pay`, { name: 'x' });
    expect(again.status).toBe(409);
    expect(await h.db('subscriptions').where({ user_id: user.id })).toHaveLength(1);

    // Buying the same plan again: 409.
    const same = await h.api('POST', '/api/subscriptions/premium/PLUS', { token: user.token });
    expect(same.status).toBe(409);
    expect(same.body.error).toMatch(/already have the PLUS plan/);

    // Upgrading to PREMIUM goes through the live subscription (the portal's plan change), never a second checkout.
    const up = await h.api('POST', '/api/subscriptions/premium/PREMIUM', { token: user.token, origin: WEB_ORIGIN });
    expect(up.status).toBe(200);
    const liveSub = await h.db('subscriptions').where({ user_id: user.id, status: 'active' }).first();
    const upUrl = new URL(up.body.result.url);
    expect(upUrl.pathname).toMatch(/^\/api\/dev\/portal\/bps_local_[0-9a-f]+$/);
    expect(upUrl.searchParams.get('subscription')).toBe(liveSub.provider_subscription_id);
    expect(upUrl.searchParams.get('plan')).toBe('PREMIUM');
    expect(await h.db('checkout_sessions').where({ user_id: user.id })).toHaveLength(1);
    const confirmPage = await (await fetch(upUrl)).text();
    expect(confirmPage).toContain('Confirm the change to <strong>PREMIUM</strong>');
    expect(confirmPage).toContain('<option selected>PREMIUM</option>');
    const changed = await postForm(h, `${upUrl.pathname}/subscriptions/${liveSub.provider_subscription_id}/plan`, {
      plan: 'PREMIUM',
    });
    expect(changed.status).toBe(303);
    expect((await h.db('users').where({ id: user.id }).first()).plan).toBe('PREMIUM');
    expect(await h.db('subscriptions').where({ user_id: user.id })).toHaveLength(1);
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(user.id))).toEqual(['prefsChanged', 'prefsChanged']);

    // The billing portal: its page lists the subscription; cancelling there ends the plan.
    const portal = await h.api('POST', '/api/subscriptions/view-portal', { token: user.token, origin: WEB_ORIGIN });
    expect(portal.status).toBe(200);
    expect(portal.body.result.url).toMatch(new RegExp(`^${h.base}/api/dev/portal/bps_local_[0-9a-f]+$`));
    const portalPage = await (await fetch(portal.body.result.url)).text();
    expect(portalPage).toContain('PREMIUM');
    expect(portalPage).toContain(`${WEB_ORIGIN}/app`);
    const sub = await h.db('subscriptions').where({ user_id: user.id, status: 'active' }).first();
    const portalPath = new URL(portal.body.result.url).pathname;
    const cancelled = await postForm(h, `${portalPath}/subscriptions/${sub.provider_subscription_id}/cancel`, {});
    expect(cancelled.status).toBe(303);
    const after = await h.db('users').where({ id: user.id }).first();
    expect(after.plan).toBeNull();
    expect(after.billing_customer_id).toBe(row.billing_customer_id);
    expect((await h.db('subscriptions').where({ id: sub.id }).first()).status).toBe('canceled');
    // Losing the plan re-plans the calls but does not tell the trial it subscribed.
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(user.id))).toEqual([
      'prefsChanged',
      'prefsChanged',
      'prefsChanged',
    ]);
    expect(await signalsOf(h.temporal, trialWorkflowId(user.id))).toEqual(['subscribed', 'subscribed']);
  });

  it('when the buyer presses Cancel, then the browser goes to the cancelled page and nothing is bought', async () => {
    const user = await h.user();
    started.push(fajrCallsWorkflowId(user.id));
    const checkout = await h.api('POST', '/api/subscriptions/premium/BASIC', { token: user.token });
    expect(checkout.status).toBe(200);
    const sessionId = sessionIdOf(checkout.body.result.url);
    const html = await (await fetch(checkout.body.result.url)).text();
    expect(html).toContain('0.99 GBP');

    const cancel = await postForm(h, `/api/dev/checkout/${sessionId}/cancel`, {});
    expect(cancel.status).toBe(303);
    // No allowed Origin on the request: the public base URL (where the API serves the web app).
    expect(cancel.headers.get('location')).toBe(`${h.base}/app/subscriptions/cancelled`);
    const pay = await postForm(h, `/api/dev/checkout/${sessionId}/pay`, {});
    expect(pay.status).toBe(409);
    expect((await h.db('users').where({ id: user.id }).first()).plan).toBeNull();
    expect(await h.db('subscriptions').where({ user_id: user.id })).toHaveLength(0);
    expect((await fetch(checkout.body.result.url)).status).toBe(410);
  });

  it('when the checkout page is unknown, then 404', async () => {
    expect((await fetch(`${h.base}/api/dev/checkout/cs_local_nope`)).status).toBe(404);
    expect((await fetch(`${h.base}/api/dev/portal/bps_local_nope`)).status).toBe(404);
  });
});
