import type { User } from '@fajr/api/contracts/users.contract';
import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';

/** SPEC section 4: shown only to free users who are not app users; an error once the days remaining are below 0. */
export function FreeTrialBanner({ user }: { user: User }) {
  const { setGoPremium } = useSession();
  const { t } = useTranslation('account');
  if (!user.isFree || user.isAppUser || user.freeTrialDaysRemaining === null) return null;
  const days = user.freeTrialDaysRemaining;
  const ended = days < 0;
  return (
    <Alert
      severity={ended ? 'error' : 'warning'}
      action={
        <Button color="inherit" size="small" onClick={() => setGoPremium(true)}>
          {t('freeTrial.upgrade')}
        </Button>
      }
    >
      {ended ? t('freeTrial.ended') : t('freeTrial.endsIn', { days })}
    </Alert>
  );
}
