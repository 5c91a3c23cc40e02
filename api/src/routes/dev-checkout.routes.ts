import { Router, type Response } from 'express';
import { z } from 'zod';
import { LocalPaymentsError, type LocalPaymentsConsole, type LocalPortalView } from '@fajr/activities/providers';
import { planSchema } from '../contracts/common';
import { parse } from '../middleware/validate';

const idParams = z.object({
  id: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\w-]+$/, 'Invalid id'),
});
const subParams = idParams.extend({
  subId: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\w-]+$/, 'Invalid subscription id'),
});
const payBody = z.object({
  name: z.string().trim().max(200).optional(),
  email: z.string().trim().max(254).optional(),
  postal_code: z.string().trim().max(20).optional(),
});
// `back`: the change started from the app returns there once confirmed, like Stripe's after_completion redirect.
const planBody = z.object({ plan: planSchema, back: z.literal('app').optional() });
// A plan change started from the app opens the portal with the new plan preselected on the subscription.
const portalQuery = z.object({ subscription: z.string().max(255).optional(), plan: planSchema.optional() });

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;
const origin = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

function page(res: Response, status: number, title: string, body: string, redirectOrigins: string[] = []) {
  // The pages post forms to themselves and then redirect to the web app, whose origin may differ in development.
  const formAction = ["'self'", ...new Set(redirectOrigins.filter(Boolean))].join(' ');
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'`,
  );
  res.setHeader('Cache-Control', 'no-store');
  res
    .status(status)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>${esc(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}` +
        `label{display:block;margin:.6rem 0}input{width:100%;padding:.4rem}button{padding:.5rem 1.2rem;margin:.8rem .4rem 0 0}` +
        `.note{color:#666;font-size:.9rem}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.3rem;border-bottom:1px solid #ddd}</style></head>` +
        `<body><p class="note">Local payments (development): no card is charged.</p><h1>${esc(title)}</h1>${body}</body></html>`,
    );
}

function failure(res: Response, err: unknown) {
  if (err instanceof LocalPaymentsError)
    return page(res, err.status, 'Checkout unavailable', `<p>${esc(err.message)}</p>`);
  throw err;
}

/**
 * Development-only pages of the local payments provider, standing in for Stripe's hosted Checkout and
 * customer portal: Pay completes a purchase by delivering signed Stripe-format events to the webhook.
 */
export function devCheckoutRoutes(local: LocalPaymentsConsole): Router {
  const router = Router();
  checkoutPages(router, local);
  portalPages(router, local);
  return router;
}

/** Stripe's hosted Checkout: the plan and amount, Pay and Cancel. */
function checkoutPages(router: Router, local: LocalPaymentsConsole): void {
  router.get('/dev/checkout/:id', async (req, res) => {
    const { id } = parse(idParams, req.params);
    const c = await local.getCheckout(id);
    if (!c) return page(res, 404, 'Checkout unavailable', '<p>No such checkout session.</p>');
    if (c.status !== 'open') {
      return page(
        res,
        410,
        'Checkout unavailable',
        `<p>This checkout is ${c.status === 'complete' ? 'already paid' : 'closed'}.</p>`,
      );
    }
    const action = `/api/dev/checkout/${encodeURIComponent(c.id)}`;
    page(
      res,
      200,
      `Subscribe to Fajr ${c.plan}`,
      `<p>Plan: <strong>${esc(c.plan)}</strong></p><p>Amount: <strong id="amount">${esc(money(c.amountTotal, c.currency))}</strong> per month</p>` +
        `<form method="post" action="${action}/pay">` +
        `<label>Name <input name="name" autocomplete="name"></label>` +
        `<label>Email <input name="email" type="email" value="${esc(c.email ?? '')}" autocomplete="email"></label>` +
        `<label>Postcode <input name="postal_code" autocomplete="postal-code"></label>` +
        `<button type="submit">Pay</button></form>` +
        `<form method="post" action="${action}/cancel"><button type="submit">Cancel</button></form>`,
      [origin(c.successUrl), origin(c.cancelUrl)],
    );
  });

  router.post('/dev/checkout/:id/pay', async (req, res) => {
    const { id } = parse(idParams, req.params);
    const body = parse(payBody, req.body);
    try {
      const url = await local.payCheckout(id, {
        name: body.name || null,
        email: body.email || null,
        postalCode: body.postal_code || null,
      });
      res.redirect(303, url);
    } catch (err) {
      failure(res, err);
    }
  });

  router.post('/dev/checkout/:id/cancel', async (req, res) => {
    const { id } = parse(idParams, req.params);
    try {
      res.redirect(303, await local.cancelCheckout(id));
    } catch (err) {
      failure(res, err);
    }
  });
}

/** Stripe's customer portal: each subscription with Change plan and Cancel subscription. */
function portalPages(router: Router, local: LocalPaymentsConsole): void {
  router.get('/dev/portal/:id', async (req, res) => {
    const { id } = parse(idParams, req.params);
    const wanted = parse(portalQuery, req.query);
    const p = await local.getPortal(id);
    if (!p) return page(res, 404, 'Portal unavailable', '<p>This portal link is unknown or has expired.</p>');
    const target = p.subscriptions.find(
      (s) => s.id === wanted.subscription && s.status !== 'canceled' && s.plan !== wanted.plan,
    );
    let confirm = '';
    if (target && wanted.plan) {
      // What Change plan charges, said before it charges (Stripe's confirmation page shows the same).
      const q = await local.previewChange(p.id, target.id, wanted.plan);
      const due =
        q.amountDue >= 0
          ? `Due today: <strong id="amount-due">${esc(money(q.amountDue, q.currency))}</strong>`
          : `Credit: <strong id="amount-due">${esc(money(-q.amountDue, q.currency))}</strong>`;
      confirm =
        `<p>Confirm the change to <strong>${esc(wanted.plan)}</strong> with <em>Change plan</em>.</p>` +
        `<p>${due} (prorated to ${esc(q.periodEnd.toISOString().slice(0, 10))}), then ${esc(money(q.monthlyAmount, q.currency))} per month.</p>`;
    }
    const base = `/api/dev/portal/${encodeURIComponent(p.id)}/subscriptions`;
    const rows = subscriptionRows(p, wanted, base, target?.id);
    page(
      res,
      200,
      'Manage your subscription',
      confirm +
        `<table><tr><th>Plan</th><th>Status</th><th>Monthly</th><th>Renews</th><th></th></tr>${rows || '<tr><td colspan="5">No subscriptions</td></tr>'}</table>` +
        `<p><a href="${esc(p.returnUrl)}">Return to Fajr</a></p>`,
      [origin(p.returnUrl)],
    );
  });

  router.post('/dev/portal/:id/subscriptions/:subId/plan', async (req, res) => {
    const { id, subId } = parse(subParams, req.params);
    const { plan, back } = parse(planBody, req.body);
    try {
      await local.changePlan(id, subId, plan);
      const returnUrl = back ? (await local.getPortal(id))?.returnUrl : undefined;
      res.redirect(303, returnUrl ?? `/api/dev/portal/${encodeURIComponent(id)}`);
    } catch (err) {
      failure(res, err);
    }
  });

  router.post('/dev/portal/:id/subscriptions/:subId/cancel', async (req, res) => {
    const { id, subId } = parse(subParams, req.params);
    try {
      await local.cancelSubscription(id, subId);
      res.redirect(303, `/api/dev/portal/${encodeURIComponent(id)}`);
    } catch (err) {
      failure(res, err);
    }
  });
}

/** The portal's table rows: a live subscription offers a plan change (the wanted plan preselected) and cancelling. */
function subscriptionRows(
  p: LocalPortalView,
  wanted: z.infer<typeof portalQuery>,
  base: string,
  targetId: string | undefined,
): string {
  return p.subscriptions
    .map((s) => {
      const live = s.status !== 'canceled';
      const selected = wanted.plan && wanted.subscription === s.id ? wanted.plan : s.plan;
      const actions = live
        ? `<form method="post" action="${base}/${encodeURIComponent(s.id)}/plan"><select name="plan">` +
          ['BASIC', 'PLUS', 'PREMIUM']
            .map((pl) => `<option${pl === selected ? ' selected' : ''}>${pl}</option>`)
            .join('') +
          `</select>${targetId === s.id ? '<input type="hidden" name="back" value="app">' : ''}<button type="submit">Change plan</button></form>` +
          `<form method="post" action="${base}/${encodeURIComponent(s.id)}/cancel"><button type="submit">Cancel subscription</button></form>`
        : '';
      return `<tr><td>${esc(s.plan)}</td><td>${esc(s.status)}</td><td>${esc(money(s.amount, s.currency))}</td><td>${esc(s.currentPeriodEnd.toISOString().slice(0, 10))}</td><td>${actions}</td></tr>`;
    })
    .join('');
}
