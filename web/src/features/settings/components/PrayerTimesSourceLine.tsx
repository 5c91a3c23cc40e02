import type { User } from '@fajr/api/contracts/users.contract';
import { Alert, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PrayerCalcData } from '../../../api/data.api';
import { formatNumber } from '../../../lib/numbers';
import { formatLocalDate } from '../../../lib/time';
import { isolated } from '../bidi-text';
import { MOSQUE_CALL_LEAD_MINUTES } from '../mosque-lead';

/**
 * Where the saved settings' Fajr times come from (issue 48, the user view's `prayerTimesSource`): a
 * published table, JAKIM's zone, a method or the mosque, by the API's label ("JAKIM zone PLS01
 * (Perlis)"). A table that ran out is a warning: the method gives the times until the next one is
 * installed (said from the catalogue, not the API's English `message`).
 */
export function PrayerTimesSourceLine({ user, data }: { user: User; data: PrayerCalcData | null }) {
  const { t } = useTranslation('settings');
  const source = user.prayerTimesSource;
  if (!source) return null;
  if (source.timetableRanOut && source.timetableLastDate) {
    const method =
      data?.prayerCalcMethods.find((m) => m.name === user.prayerCalcMethod)?.label ?? user.prayerCalcMethod;
    return (
      <Alert severity="warning" sx={{ mb: 3 }} data-testid="prayer-times-source">
        {t('source.ranOut', isolated({ label: source.label, date: formatLocalDate(source.timetableLastDate), method }))}
      </Alert>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="prayer-times-source">
      {t('source.line', {
        kind: source.kind,
        ...isolated({ label: source.label }),
        minutes: formatNumber(user.mosqueLeadMinutes ?? MOSQUE_CALL_LEAD_MINUTES),
      })}
    </Typography>
  );
}
