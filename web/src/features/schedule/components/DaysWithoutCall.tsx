/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import type { ScheduleNotice } from '@fajr/api/contracts/schedules.contract';
import { Alert, Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatLocalDate } from '../../../lib/time';

type Instead = { text: string; action: string };

/** What a person can choose instead, per reason a day has no call. */
const INSTEAD: Record<string, Instead> = {
  // The sky has no sunrise or sunset: the polar-day setting ("No call on those days") decides, not the high-latitude rule.
  polar: {
    text: 'The sun does not rise or set here on these days, and your setting for such days is "No call on those days". Choose a polar-day rule in Advanced Settings and we will call you on these days too.',
    action: 'Choose a polar-day rule',
  },
  'no-fajr': {
    text: 'Choose a high-latitude rule in Advanced Settings that always gives a Fajr time, and we will call you on these days too.',
    action: 'Choose a high-latitude rule',
  },
  'no-timetable': {
    text: "Your mosque has not published these days yet: you can pray at home meanwhile and we'll call you by your city.",
    action: 'Edit Fajr Settings',
  },
};
/** For a home user of an authority's published timetable, a missing day is the table's, not a mosque's. */
const INSTEAD_PUBLISHED: Instead = {
  text: "Your published timetable does not list these days yet: choose a calculation method in Advanced Settings and we'll call you by it meanwhile.",
  action: 'Choose a calculation method',
};

/** The reason behind a notice that decides what to offer: a polar day is the polar setting's. */
const reasonOf = (n: ScheduleNotice) => (n.status === 'no-fajr' && n.cause === 'polar' ? 'polar' : n.status);

/** The days of the stretch without a call, why, and what the user can choose instead. */
export function DaysWithoutCall({ notices, published }: { notices: ScheduleNotice[]; published: boolean }) {
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
        No call on {notices.length === 1 ? 'this day' : `these ${notices.length} days`}
      </Typography>
      <Box component="ul" sx={{ my: 1, pl: 2.5 }}>
        {notices.map((n) => (
          <li key={n.date}>
            {formatLocalDate(n.date)}: {n.message}
          </li>
        ))}
      </Box>
      {reasons.map((r) => {
        const instead = r === 'no-timetable' && published ? INSTEAD_PUBLISHED : INSTEAD[r];
        return instead ? (
          <Box key={r} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}>
            <Typography>{instead.text}</Typography>
            <Button component={RouterLink} to={paths.settings} size="small" variant="outlined" color="inherit">
              {instead.action}
            </Button>
          </Box>
        ) : null;
      })}
    </Alert>
  );
}
