import { paymentSessionResult, planParams, sessionIdParams, urlResult } from '../contracts';
import {
  billingOverviewResult,
  planChangeQuoteResult,
  storePurchaseBody,
  storePurchaseResult,
} from '../contracts/subscriptions.contract';
import { AUTHED, JSON_BODY, type Endpoint } from './endpoint';

/** Checkout, the billing portal and store purchases. */
export const subscriptionEndpoints: Endpoint[] = [
  {
    method: 'post',
    path: '/subscriptions/premium/{plan}',
    tag: 'subscriptions',
    summary: 'Start a checkout for a plan',
    auth: 'required',
    params: planParams,
    ok: { schema: urlResult, description: 'Checkout URL to redirect to' },
    errors: [400, ...AUTHED, 403, 409, 502],
  },
  {
    method: 'get',
    path: '/subscriptions/premium/{plan}/preview',
    tag: 'subscriptions',
    summary:
      "What moving the user's web subscription to the plan charges now (prorated) and monthly after, before it charges",
    auth: 'required',
    params: planParams,
    ok: { schema: planChangeQuoteResult, description: 'Amount due now, monthly amount, renewal' },
    errors: [400, ...AUTHED, 403, 409, 502],
  },
  {
    method: 'post',
    path: '/subscriptions/view-portal',
    tag: 'subscriptions',
    summary: 'Open the billing portal',
    auth: 'required',
    ok: { schema: urlResult, description: 'Portal URL to redirect to' },
    errors: [400, ...AUTHED, 502],
  },
  {
    method: 'post',
    path: '/subscriptions/store-purchases',
    tag: 'subscriptions',
    summary:
      'The app hands over an App Store or Google Play purchase right after buying; verified with the store, it changes the plan at once (docs/NATIVE-SHELL.md)',
    auth: 'required',
    body: storePurchaseBody,
    ok: { schema: storePurchaseResult, description: "The user's plan now and the subscription the store confirmed" },
    errors: [...JSON_BODY, ...AUTHED, 403, 429, 502],
  },
  {
    method: 'get',
    path: '/subscriptions/current',
    tag: 'subscriptions',
    summary:
      'The plan and every subscription granting one, with where each is managed (stripe: the billing portal; apple / google: the store)',
    auth: 'required',
    ok: { schema: billingOverviewResult, description: 'Plan and subscriptions, highest plan first' },
    errors: AUTHED,
  },
  {
    method: 'get',
    path: '/subscriptions/session/{id}',
    tag: 'subscriptions',
    summary: "A payment session of the user's own checkout",
    auth: 'required',
    params: sessionIdParams,
    ok: { schema: paymentSessionResult, description: 'Payment details' },
    errors: [400, ...AUTHED, 404, 502],
  },
];
