import type { ScheduleNotice } from '@fajr/api/contracts/schedules.contract';
import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/numbers';

/**
 * The days called at the polar-day rule's time (`fajr-by-convention` notices): the rule named, as
 * Settings promises, with how many days of the stretch use it (each is marked in the list too).
 */
export function PolarRuleNotice({ notices }: { notices: ScheduleNotice[] }) {
  const { t } = useTranslation('schedule');
  if (notices.length === 0) return null;
  // The API's note: "The sun does not rise or set here on this date: Fajr and sunrise by your polar-day rule, <the rule>".
  const rule = notices[0]!.message.split(': ').slice(1).join(': ') || notices[0]!.message;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      data-testid="polar-rule"
      action={
        <Button component={RouterLink} to={paths.settings} size="small" color="inherit">
          {t('polarRule.change')}
        </Button>
      }
    >
      {t('polarRule.text', { count: notices.length, n: formatNumber(notices.length), rule })}
    </Alert>
  );
}
