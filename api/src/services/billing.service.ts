import { APP_USER_UPGRADE, type Plan } from '@fajr/activities/domain/entitlements';
import {
  CHECKOUT_SESSION_ID_PLACEHOLDER,
  type CheckoutSessionDetails,
  type PlanPrices,
} from '@fajr/activities/providers';
import {
  findBillingUser,
  findCheckoutSessionOfUser,
  findEntitledSubscription,
  recordCheckoutSession,
} from '@fajr/activities/repositories/billing.repository';
import type { PlanChangeQuote } from '../contracts/subscriptions.contract';
import type { ApiDeps } from '../deps';
import {
  BadGatewayError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '../errors';

/**
 * Where the browser returns after checkout or the portal: the web app's origin when the request came
 * from an allowed origin (the Vite dev server in development), else the public base URL (production,
 * where the API serves the web app itself).
 */
export function webBaseUrl(deps: Pick<ApiDeps, 'config'>, origin: string | undefined): string {
  if (origin && deps.config.CORS_ORIGINS.includes(origin)) return origin;
  return deps.config.PUBLIC_BASE_URL.replace(/\/+$/, '');
}

async function billingUser(deps: ApiDeps, userId: string) {
  const user = await findBillingUser(deps.db, userId);
  if (!user) throw new UnauthorizedError();
  return user;
}

/** The account choosing a plan on the web: app users buy in the app, and nobody buys the plan they have. */
async function buyingUser(deps: ApiDeps, userId: string, plan: Plan) {
  const user = await billingUser(deps, userId);
  if (user.isAppUser) throw new ForbiddenError(APP_USER_UPGRADE);
  if (user.plan === plan) throw new ConflictError(`You already have the ${plan} plan`);
  return user;
}

/**
 * What moving the user's live web subscription to a plan charges at once, and monthly after
 * (GET /subscriptions/premium/:plan/preview): the web says it before the user confirms.
 */
export async function previewPlanChange(deps: ApiDeps, userId: string, plan: Plan): Promise<PlanChangeQuote> {
  const user = await buyingUser(deps, userId, plan);
  const live = await findEntitledSubscription(deps.db, user.id);
  if (!live) throw new ConflictError('You have no plan bought on the web to change; choose a plan to check out');
  try {
    const p = await deps.providers.payments.previewPlanChange(live.customerId, live.subscriptionId, plan);
    return { ...p, periodEnd: p.periodEnd.toISOString() };
  } catch (err) {
    deps.logger.error({ err: (err as Error).message, userId }, 'plan change could not be priced');
    throw new BadGatewayError('Failed to price the plan change');
  }
}

/** Starts a hosted checkout for a monthly plan and returns its url (POST /subscriptions/premium/:plan). */
export async function startCheckout(
  deps: ApiDeps,
  userId: string,
  plan: Plan,
  origin: string | undefined,
): Promise<{ url: string }> {
  const user = await buyingUser(deps, userId, plan);
  const web = webBaseUrl(deps, origin);
  // A paying customer changes the plan of the live subscription (prorated by the provider) instead of
  // buying a second one through a new checkout and paying twice.
  const live = await findEntitledSubscription(deps.db, user.id);
  if (live) {
    try {
      return {
        url: await deps.providers.payments.createPlanChangeSession(
          live.customerId,
          live.subscriptionId,
          plan,
          `${web}/app`,
        ),
      };
    } catch (err) {
      deps.logger.error({ err: (err as Error).message, userId }, 'plan change session could not be created');
      throw new BadGatewayError('Failed to subscribe');
    }
  }
  let session;
  try {
    session = await deps.providers.payments.createCheckoutSession(
      { userId: user.id, email: user.email, billingCustomerId: user.billingCustomerId },
      plan,
      `${web}/app/subscriptions/success?session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}`,
      `${web}/app/subscriptions/cancelled`,
    );
  } catch (err) {
    deps.logger.error({ err: (err as Error).message, userId }, 'checkout session could not be created');
    throw new BadGatewayError('Failed to subscribe');
  }
  if (!session.url) throw new BadGatewayError('Failed to subscribe');
  await recordCheckoutSession(deps.db, { id: session.id, userId: user.id, plan, at: deps.now() });
  return { url: session.url };
}

/** A billing portal url for the user's customer (POST /subscriptions/view-portal). */
export async function openPortal(deps: ApiDeps, userId: string, origin: string | undefined): Promise<{ url: string }> {
  const user = await billingUser(deps, userId);
  if (!user.billingCustomerId) throw new BadRequestError('You have no subscription to manage yet; choose a plan first');
  try {
    return {
      url: await deps.providers.payments.createPortalSession(user.billingCustomerId, `${webBaseUrl(deps, origin)}/app`),
    };
  } catch (err) {
    deps.logger.error({ err: (err as Error).message, userId }, 'billing portal session could not be created');
    throw new BadGatewayError('Failed to open the billing portal');
  }
}

/** The payment details of one of the user's own checkout sessions (GET /subscriptions/session/:id). */
export async function readCheckoutSession(deps: ApiDeps, userId: string, id: string): Promise<CheckoutSessionDetails> {
  // Someone else's session looks exactly like an unknown one.
  const own = await findCheckoutSessionOfUser(deps.db, id, userId);
  if (!own) throw new NotFoundError('Payment session not found');
  try {
    return await deps.providers.payments.retrieveCheckoutSession(id);
  } catch (err) {
    deps.logger.error({ err: (err as Error).message, userId }, 'checkout session could not be read');
    throw new BadGatewayError('Failed to read the payment session');
  }
}

/** Monthly prices per plan and currency (GET /data/static). */
export async function planPrices(deps: ApiDeps): Promise<{ prices: PlanPrices }> {
  return { prices: await deps.providers.payments.planPrices() };
}
