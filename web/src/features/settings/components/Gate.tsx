import { Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import english from '../../../i18n/locales/en/settings.json';

export type GatePlan = 'plus' | 'premium';

/** SPEC section 6's upgrade messages in English, as the catalogue has them (what the tests look for). */
export const PLUS_GATE = english.gate.plus;
export const PREMIUM_GATE = english.gate.premium;

/** A gate's message (SPEC section 6) with the way through it: a link to the plans. */
export function Gate({ plan }: { plan: GatePlan }) {
  const { t } = useTranslation('settings');
  return (
    <>
      <span>{t(plan === 'plus' ? 'gate.plus' : 'gate.premium')}</span>{' '}
      <Link component={RouterLink} to={paths.subscriptions}>
        {t('gate.seePlans')}
      </Link>
    </>
  );
}
