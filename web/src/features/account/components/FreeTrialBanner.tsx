/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import type { User } from '@fajr/api/contracts/users.contract';
import { Alert, Button } from '@mui/material';
import { useSession } from '../../../lib/session';

/** SPEC section 4: shown only to free users who are not app users; an error once the days remaining are below 0. */
export function FreeTrialBanner({ user }: { user: User }) {
  const { setGoPremium } = useSession();
  if (!user.isFree || user.isAppUser || user.freeTrialDaysRemaining === null) return null;
  const days = user.freeTrialDaysRemaining;
  const ended = days < 0;
  return (
    <Alert
      severity={ended ? 'error' : 'warning'}
      action={
        <Button color="inherit" size="small" onClick={() => setGoPremium(true)}>
          Upgrade
        </Button>
      }
    >
      {ended ? 'Your free trial has ended, please upgrade your plan' : `Your free trial will end in ${days} days`}
    </Alert>
  );
}
