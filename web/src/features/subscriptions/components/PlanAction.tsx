import type { Plan } from '@fajr/api/contracts/common';
import type { User } from '@fajr/api/contracts/users.contract';
import { Button, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchBillingOverview } from '../../../api/billing.api';
import { queryKeys } from '../../../api/query-keys';
import { PlanManagement } from '../../../components/PlanManagement';
import en from '../../../i18n/locales/en';
import { isNativeShell, postToHost } from '../../../lib/native-shell';
import { UpgradeConfirmDialog } from './UpgradeConfirmDialog';

/** What a web subscriber is told inside the app, where the web's payment pages are not offered (its English). */
export const WEB_PLAN_IN_APP = en.subscriptions.planAction.webPlanInApp;

export interface PlanTier {
  plan: Plan;
  name: string;
  /** Its place in the plan ladder (BASIC 0 … PREMIUM 2). */
  rank: number;
}

interface Props {
  user: User | null;
  tier: PlanTier;
  /** The rank of the user's plan, or -1 without one. */
  currentRank: number;
  /** Starts the hosted checkout for a user without a plan, and whether it is on its way (pending plan). */
  checkout: { run(plan: Plan): void; pending: Plan | null };
}

/** The store a plan holder's plan was bought in (null: on the web, or not known yet). */
function useStoreOfPlan(user: User | null): 'apple' | 'google' | null {
  const { data } = useQuery({
    queryKey: queryKeys.billing(user?.id ?? ''),
    queryFn: fetchBillingOverview,
    enabled: Boolean(user?.subscriptionPlanName),
  });
  const source = data?.subscriptions.find((s) => s.plan === user?.subscriptionPlanName)?.source;
  return source === 'apple' || source === 'google' ? source : null;
}

/**
 * A plan card's action (SPEC section 4): 'Your current plan' on the user's plan; 'Upgrade to …' on each
 * higher plan (a checkout without a plan, a prorated change confirmed first for a web plan, the store
 * for a store plan); where lower plans are managed ('Manage Your Subscription' or the store's page).
 */
export function PlanAction({ user, tier, currentRank, checkout }: Props) {
  const { t } = useTranslation('subscriptions');
  const store = useStoreOfPlan(user);
  const [confirming, setConfirming] = useState(false);
  const label = t('planAction.upgradeTo', { plan: tier.name });

  if (tier.rank === currentRank) {
    return (
      <Button fullWidth variant="outlined" disabled>
        {t('planAction.current')}
      </Button>
    );
  }
  if (user && currentRank >= 0 && tier.rank < currentRank)
    return <PlanManagement userId={user.id} fullWidth describedBy={`plan-${tier.plan}`} />;

  // Bought in a store, an app user (who buys only there), or anyone without a plan inside the app
  // (an in-app purchase must go through the store, never a card checkout in the webview): the store.
  if (user && (store || user.isAppUser || (currentRank < 0 && isNativeShell()))) {
    if (isNativeShell()) {
      return (
        <Button
          fullWidth
          variant="contained"
          onClick={() => postToHost({ type: 'open-store', plan: tier.plan, store })}
        >
          {label}
        </Button>
      );
    }
    return (
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', width: '100%' }}>
        {/* Where the web tells a store subscriber to change plan (they cannot do it here). */}
        {store ? t(`planAction.storeAdvice.${store}`) : t('planAction.appUser')}
      </Typography>
    );
  }

  // A plan bought on the web is changed on the web: inside the app, say so rather than open a payment page there.
  if (user && currentRank >= 0 && isNativeShell())
    return (
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', width: '100%' }}>
        {t('planAction.webPlanInApp')}
      </Typography>
    );

  if (user && currentRank >= 0) {
    return (
      <>
        <Button
          fullWidth
          variant="contained"
          onClick={() => setConfirming(true)}
          aria-describedby={`plan-${tier.plan}`}
        >
          {label}
        </Button>
        {confirming && (
          <UpgradeConfirmDialog
            userId={user.id}
            plan={tier.plan}
            name={tier.name}
            timeZone={user.tzName}
            open
            onClose={() => setConfirming(false)}
          />
        )}
      </>
    );
  }

  return (
    <Button
      fullWidth
      variant="contained"
      disabled={checkout.pending !== null}
      onClick={() => checkout.run(tier.plan)}
      startIcon={
        checkout.pending === tier.plan ? (
          <CircularProgress size={18} color="inherit" aria-label={t('planAction.openingCheckout')} />
        ) : undefined
      }
    >
      {label}
    </Button>
  );
}
