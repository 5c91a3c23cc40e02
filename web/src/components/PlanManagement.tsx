import type { BillingSubscription } from '@fajr/api/contracts/subscriptions.contract';
import { Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchBillingOverview } from '../api/billing.api';
import { queryKeys } from '../api/query-keys';
import { ManageSubscriptionButton } from './ManageSubscriptionButton';

/**
 * The stores' own pages where a subscriber changes or cancels an in-app subscription (Apple's and Google's
 * documented links). `label` and `store` are the English texts; show t(`common:storePages.<source>.label`)
 * and `.store` instead (the same texts in the language shown).
 */
export const STORE_PAGES = {
  apple: {
    label: 'Manage in the App Store',
    href: 'https://apps.apple.com/account/subscriptions',
    store: 'the App Store',
  },
  google: {
    label: 'Manage in Google Play',
    href: 'https://play.google.com/store/account/subscriptions',
    store: 'Google Play',
  },
} as const;

interface Layout {
  fullWidth?: boolean;
  /** The id of what the buttons act on (a plan card's heading). */
  describedBy?: string;
}

function StoreLink({
  sub,
  fullWidth,
  describedBy,
}: { sub: BillingSubscription & { source: 'apple' | 'google' } } & Layout) {
  const page = STORE_PAGES[sub.source];
  const { t } = useTranslation();
  const label = t(`storePages.${sub.source}.label`);
  return (
    <Button
      variant="outlined"
      component="a"
      href={page.href}
      target="_blank"
      rel="noopener noreferrer"
      fullWidth={fullWidth}
      aria-describedby={describedBy}
      aria-label={t('planManagement.storeLinkLabel', { label, plan: sub.plan })}
    >
      {label}
    </Button>
  );
}

/**
 * Where a plan holder manages each plan: the billing portal for a plan bought on the web
 * ('Manage Your Subscription'), the store's own page for one bought in the app ('Manage in the App
 * Store' / 'Manage in Google Play'). Until the sources are known, the portal button as before.
 */
export function PlanManagement({ userId, fullWidth, describedBy }: { userId: string } & Layout) {
  const { data } = useQuery({ queryKey: queryKeys.billing(userId), queryFn: fetchBillingOverview });
  const { t } = useTranslation();
  const where = {
    stripe: 'planManagement.onTheWeb',
    apple: 'planManagement.inAppStore',
    google: 'planManagement.inGooglePlay',
  };
  const subs = data?.subscriptions ?? [];
  const portal = <ManageSubscriptionButton fullWidth={fullWidth} aria-describedby={describedBy} />;
  if (!subs.length) return portal;
  const several = subs.length > 1;
  return (
    <Stack spacing={1} data-testid="plan-management" sx={fullWidth ? { width: '100%' } : undefined}>
      {subs.map((s) => (
        <Stack
          key={`${s.source}-${s.plan}`}
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          useFlexGap
        >
          {several && (
            <Typography variant="body2" color="text.secondary">
              {t(where[s.source], { plan: s.plan })}
            </Typography>
          )}
          {s.source === 'stripe' ? (
            portal
          ) : (
            <StoreLink sub={{ ...s, source: s.source }} fullWidth={fullWidth} describedBy={describedBy} />
          )}
        </Stack>
      ))}
    </Stack>
  );
}
