/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import type { MissingStep } from '@fajr/api/contracts/schedules.contract';
import type { User } from '@fajr/api/contracts/users.contract';
import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { queryKeys } from '../api/query-keys';
import { fetchToday, type Today } from '../api/today.api';
import { paths } from '../config/paths';
import { useNow } from '../hooks/useNow';
import { CALLING_NOW, nextCallText } from '../lib/next-call';

/** Each step between a new user and their first call: what to do and the button that does it. */
const STEPS: Record<MissingStep, { text: string; action: string; to: string }> = {
  'add-phone': {
    text: 'Add the phone number we call you on',
    action: 'Add phone number',
    to: `${paths.app}?phone=add`,
  },
  'verify-phone': { text: 'Verify your phone number', action: 'Verify', to: `${paths.app}?phone=verify` },
  place: { text: 'Choose your city or your mosque', action: 'Choose a city or mosque', to: paths.settings },
  plan: { text: 'Your free trial has ended: choose a plan', action: 'Choose a plan', to: paths.subscriptions },
  'calls-off': { text: 'Fajr calls are switched off', action: 'Turn on Fajr calls', to: paths.settings },
};

/**
 * Asks again every 30 s from an hour before the next call until the chain has moved on, so the page
 * never shows a call already past ('calling you now', the repeat, then the next morning).
 */
function refetchWhileDue(query: { state: { data?: Today } }): number | false {
  const at = query.state.data?.fajrCallTime;
  return at && Date.parse(at) - Date.now() < 3600_000 ? 30_000 : false;
}

/**
 * What stands between the user and their Fajr calls, in order, each with its button; once nothing
 * does, the chain's next call in its zone ('Next call: tomorrow at 5:41 AM (London)'). The account page and the schedule show it.
 */
export function NextSteps({ user }: { user: User }) {
  const { data } = useQuery({
    queryKey: queryKeys.today(user.id),
    queryFn: fetchToday,
    refetchInterval: refetchWhileDue,
  });
  const now = useNow();
  if (!data) return null;
  const when = nextCallText(data, user.callTzName, now);
  const next = when ? (when === CALLING_NOW ? "We're calling you now" : `Next call: ${when}`) : null;
  if (data.missing.length === 0 && data.status === 'phone-refused' && data.message) {
    // A number we may not call (its type or country): the API's sentence says which and why.
    return (
      <Alert severity="warning" data-testid="phone-refused">
        {data.message}
      </Alert>
    );
  }
  if (data.missing.length === 0 && data.status === 'none-soon') {
    // Set up, yet no call for weeks: a latitude where Fajr has no time in this season. With "No call on
    // those days" chosen for days without sunrise or sunset, that polar-day setting is the one to change.
    const polar = user.polarConvention === 'None';
    return (
      <Alert
        severity="warning"
        data-testid="no-call-soon"
        action={
          <Button component={RouterLink} to={paths.settings} size="small" color="inherit">
            {polar ? 'Choose a polar-day rule' : 'Choose a high-latitude rule'}
          </Button>
        }
      >
        {polar
          ? 'No Fajr call in the next 60 days: the sun does not rise or set here in this season, and your setting for such days is "No call on those days". A polar-day rule in Advanced Settings gives you a call.'
          : 'No Fajr call in the next 60 days: at your latitude Fajr has no time in this season. A high-latitude rule in Advanced Settings can give you one.'}
      </Alert>
    );
  }
  if (data.missing.length === 0) {
    return next ? (
      <Alert severity="success" data-testid="next-call">
        {next}
      </Alert>
    ) : null;
  }
  return (
    <Alert severity="warning" component="section" aria-labelledby="next-steps-title" data-testid="next-steps">
      <AlertTitle id="next-steps-title" component="h2">
        {next ? 'Still to do' : 'Before we can call you for Fajr'}
      </AlertTitle>
      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
        {data.missing.map((step) => (
          <Box component="li" key={step} sx={{ py: 0.5 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
              <Typography>{STEPS[step].text}</Typography>
              <Button component={RouterLink} to={STEPS[step].to} size="small" variant="outlined" color="inherit">
                {STEPS[step].action}
              </Button>
            </Box>
          </Box>
        ))}
      </Box>
      {next && <Typography sx={{ mt: 1 }}>{next}</Typography>}
    </Alert>
  );
}
