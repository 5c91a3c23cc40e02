/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Alert } from '@mui/material';
import type { User } from '@fajr/api/contracts/users.contract';
import { isNativeShell } from '../../../lib/native-shell';

/**
 * Inside the app, how subscribing works there: through the App Store or Google Play (the host's
 * purchase sheet), never the web's card checkout. A web account's trial carries on until then.
 */
export function InAppPurchaseNotice({ user }: { user: User | null }) {
  if (!user || !isNativeShell() || user.subscriptionPlanName) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="in-app-purchase">
      In the app you subscribe through the App Store or Google Play: tap a plan to open your store&apos;s purchase
      sheet, and the store bills you.
      {user.isAppUser ? '' : ' Your free trial carries on until you subscribe.'}
    </Alert>
  );
}
