// Webhooks in Stripe's format, shared by the Stripe adapter and the local one (which signs and sends them the same way).
import Stripe from 'stripe';
import { z } from 'zod';
import { PLANS, type Plan } from '../../domain/entitlements';
import { WebhookPayloadError, WebhookSignatureError, type PaymentsWebhookEvent } from './types';

/** A verified webhook event as Stripe sends it (id, type, created in Unix seconds, data.object). */
export interface StripeFormatEvent {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}

/** How far a signature's timestamp may be from now, either way (Stripe's default tolerance). */
const SIGNATURE_TOLERANCE_S = 300;

/** Verifies a Stripe-Signature header (t=…,v1=…) over the raw body with a webhook secret. */
export function verifyStripeSignature(
  rawBody: Buffer | string,
  header: string | undefined,
  secret: string,
): StripeFormatEvent {
  if (!header) throw new WebhookSignatureError('Missing Stripe-Signature header');
  // Stripe's check bounds only the past: a signature stamped ahead (a leaked secret, a clock gone wrong) would stay replayable until then.
  const stampedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(header)?.[1] ?? 0);
  if (stampedAt > Date.now() / 1000 + SIGNATURE_TOLERANCE_S)
    throw new WebhookSignatureError('Signature timestamp is in the future');
  try {
    // Default tolerance (300 s) refuses replays of old deliveries.
    const event = Stripe.webhooks.constructEvent(rawBody, header, secret);
    return event as unknown as StripeFormatEvent;
  } catch (err) {
    throw new WebhookSignatureError(err instanceof Error ? err.message : 'Invalid signature');
  }
}

const metadata = z.record(z.string(), z.string()).nullish();
const checkoutObject = z.object({
  id: z.string().min(1),
  customer: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  subscription: z.string().nullish(),
  metadata,
});
const subscriptionObject = z.object({
  id: z.string().min(1),
  customer: z.string().min(1),
  status: z.string().min(1),
  metadata,
  current_period_end: z.number().nullish(),
  items: z.object({
    data: z.array(z.object({ price: z.object({ id: z.string() }), current_period_end: z.number().nullish() })),
  }),
});
const SUBSCRIPTION_EVENT = /^customer\.subscription\.(created|updated|deleted)$/;

/** Everyone an event's object names, whatever its type (see PaymentsWebhookEvent's `about`). */
function aboutOf(object: unknown): PaymentsWebhookEvent['about'] {
  const o = (object ?? {}) as {
    customer?: unknown;
    client_reference_id?: unknown;
    metadata?: { userId?: unknown } | null;
  };
  const userRefs = [o.metadata?.userId, o.client_reference_id].filter((r): r is string => typeof r === 'string');
  return { userRefs, customerId: typeof o.customer === 'string' ? o.customer : null };
}

/** Reads a verified Stripe-format event as ours; `planOfPrice` maps the adapter's price ids to plans. */
export function toPaymentsWebhookEvent(
  event: StripeFormatEvent,
  planOfPrice: (priceId: string) => Plan | undefined,
): PaymentsWebhookEvent {
  if (
    typeof event?.id !== 'string' ||
    typeof event.type !== 'string' ||
    typeof event.created !== 'number' ||
    !event.data
  ) {
    throw new WebhookPayloadError('Not a Stripe event');
  }
  const base = {
    eventId: event.id,
    type: event.type,
    occurredAt: new Date(event.created * 1000),
    about: aboutOf(event.data.object),
  };
  if (event.type === 'checkout.session.completed') {
    const parsed = checkoutObject.safeParse(event.data.object);
    if (!parsed.success) throw new WebhookPayloadError('Unexpected checkout.session payload', { cause: parsed.error });
    const s = parsed.data;
    return {
      ...base,
      kind: 'checkout-completed',
      sessionId: s.id,
      customerId: s.customer ?? null,
      userRef: s.client_reference_id ?? null,
    };
  }
  const change = SUBSCRIPTION_EVENT.exec(event.type)?.[1] as 'created' | 'updated' | 'deleted' | undefined;
  if (!change) return { ...base, kind: 'ignored' };
  const parsed = subscriptionObject.safeParse(event.data.object);
  if (!parsed.success) throw new WebhookPayloadError('Unexpected subscription payload', { cause: parsed.error });
  const sub = parsed.data;
  const item = sub.items.data[0];
  const metaPlan = sub.metadata?.plan;
  const periodEnd = item?.current_period_end ?? sub.current_period_end;
  return {
    ...base,
    kind: 'subscription-changed',
    change,
    subscriptionId: sub.id,
    customerId: sub.customer,
    // The price decides (a plan changed in the portal keeps the checkout's metadata); metadata is the fallback.
    plan:
      (item ? planOfPrice(item.price.id) : undefined) ??
      ((PLANS as readonly string[]).includes(metaPlan ?? '') ? (metaPlan as Plan) : null),
    status: sub.status,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    userRef: sub.metadata?.userId ?? null,
  };
}

/** The webhook side of a Stripe-format adapter: verify with `secret`, then read as our event. */
export function stripeFormatWebhooks(secret: string, planOfPrice: (priceId: string) => Plan | undefined) {
  return {
    parseWebhook: (rawBody: Buffer | string, signatureHeader: string | undefined) =>
      toPaymentsWebhookEvent(verifyStripeSignature(rawBody, signatureHeader, secret), planOfPrice),
  };
}
