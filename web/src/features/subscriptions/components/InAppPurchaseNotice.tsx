import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { User } from '@fajr/api/contracts/users.contract';
import { isNativeShell } from '../../../lib/native-shell';

/**
 * Inside the app, how subscribing works there: through the App Store or Google Play (the host's
 * purchase sheet), never the web's card checkout. A web account's trial carries on until then.
 */
export function InAppPurchaseNotice({ user }: { user: User | null }) {
  const { t } = useTranslation('subscriptions');
  if (!user || !isNativeShell() || user.subscriptionPlanName) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="in-app-purchase">
      {t('inAppPurchase.notice')}
      {user.isAppUser ? '' : ` ${t('inAppPurchase.trialCarriesOn')}`}
    </Alert>
  );
}
