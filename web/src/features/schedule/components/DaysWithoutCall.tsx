import type { ScheduleNotice } from '@fajr/api/contracts/schedules.contract';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/numbers';
import { formatLocalDate } from '../../../lib/time';

/** What a person can choose instead (its text and button, as daysWithoutCall keys), per reason a day has no call. */
type Instead = { text: string; action: string };
const INSTEAD: Record<string, Instead> = {
  // The sky has no sunrise or sunset: the polar-day setting ("No call on those days") decides, not the high-latitude rule.
  polar: { text: 'polarText', action: 'polarAction' },
  'no-fajr': { text: 'noFajrText', action: 'noFajrAction' },
  'no-timetable': { text: 'noTimetableText', action: 'noTimetableAction' },
};
/** For a home user of an authority's published timetable, a missing day is the table's, not a mosque's. */
const INSTEAD_PUBLISHED: Instead = { text: 'publishedText', action: 'publishedAction' };

/** The reason behind a notice that decides what to offer: a polar day is the polar setting's. */
const reasonOf = (n: ScheduleNotice) => (n.status === 'no-fajr' && n.cause === 'polar' ? 'polar' : n.status);

/** The days of the stretch without a call, why, and what the user can choose instead. */
export function DaysWithoutCall({ notices, published }: { notices: ScheduleNotice[]; published: boolean }) {
  const { t } = useTranslation('schedule');
  const reasons = [...new Set(notices.map(reasonOf))];
  return (
    <Alert
      severity="warning"
      component="section"
      aria-labelledby="no-call-title"
      sx={{ mb: 2 }}
      data-testid="days-without-call"
    >
      <Typography id="no-call-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('daysWithoutCall.title', { count: notices.length, n: formatNumber(notices.length) })}
      </Typography>
      <Box component="ul" sx={{ my: 1, pl: 2.5 }}>
        {notices.map((n) => (
          <li key={n.date}>{t('daysWithoutCall.day', { date: formatLocalDate(n.date), message: n.message })}</li>
        ))}
      </Box>
      {reasons.map((r) => {
        const instead = r === 'no-timetable' && published ? INSTEAD_PUBLISHED : INSTEAD[r];
        return instead ? (
          <Box key={r} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}>
            <Typography>{t(`daysWithoutCall.${instead.text}`)}</Typography>
            <Button component={RouterLink} to={paths.settings} size="small" variant="outlined" color="inherit">
              {t(`daysWithoutCall.${instead.action}`)}
            </Button>
          </Box>
        ) : null;
      })}
    </Alert>
  );
}
