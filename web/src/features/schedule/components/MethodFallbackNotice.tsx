import type { ScheduleNotice } from '@fajr/api/contracts/schedules.contract';
import { Alert, Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/numbers';
import { formatLocalDate } from '../../../lib/time';

/**
 * The days the user's published table has no time for (it ran out) and their method gave the call's
 * time instead (`fajr-by-method` notices, issue 48): they are still called, and told so, never silently.
 * Takes all the schedule's notices and shows nothing when none is of that kind.
 */
export function MethodFallbackNotice({ notices }: { notices: ScheduleNotice[] }) {
  const { t } = useTranslation('schedule');
  const days = notices.filter((n) => n.status === 'fajr-by-method');
  if (days.length === 0) return null;
  return (
    <Alert
      severity="info"
      component="section"
      aria-labelledby="fajr-by-method-title"
      sx={{ mb: 2 }}
      data-testid="fajr-by-method"
    >
      <Typography id="fajr-by-method-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('methodFallback.title', { count: days.length, n: formatNumber(days.length) })}
      </Typography>
      <Box component="ul" sx={{ my: 1, pl: 2.5 }}>
        {/* The API's note, in the request's language, names the table that ran out. */}
        {days.map((n) => (
          <li key={n.date}>{t('methodFallback.day', { date: formatLocalDate(n.date), message: n.message })}</li>
        ))}
      </Box>
      <Typography>{t('methodFallback.text')}</Typography>
    </Alert>
  );
}
