import type { MissingStep } from '@fajr/api/contracts/schedules.contract';
import type { User } from '@fajr/api/contracts/users.contract';
import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { queryKeys } from '../api/query-keys';
import { fetchToday, type Today } from '../api/today.api';
import { paths } from '../config/paths';
import { useNow } from '../hooks/useNow';
import { callingNowText, nextCallText } from '../lib/next-call';

/** Each step between a new user and their first call: what to do and the button that does it. */
// The texts are catalogue keys (nextSteps.steps.<key> and <key>Action), translated at render time.
const STEPS: Record<MissingStep, { key: string; to: string }> = {
  'add-phone': { key: 'addPhone', to: `${paths.app}?phone=add` },
  'verify-phone': { key: 'verifyPhone', to: `${paths.app}?phone=verify` },
  place: { key: 'place', to: paths.settings },
  plan: { key: 'plan', to: paths.subscriptions },
  'calls-off': { key: 'callsOff', to: paths.settings },
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
  const { t } = useTranslation();
  if (!data) return null;
  const when = nextCallText(data, user.callTzName, now);
  const next = when
    ? when === callingNowText()
      ? t('nextSteps.callingNow')
      : t('nextSteps.nextCall', { when })
    : null;
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
            {polar ? t('nextSteps.polarAction') : t('nextSteps.highLatitudeAction')}
          </Button>
        }
      >
        {polar ? t('nextSteps.polarText') : t('nextSteps.highLatitudeText')}
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
        {next ? t('nextSteps.stillToDo') : t('nextSteps.beforeWeCall')}
      </AlertTitle>
      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
        {data.missing.map((step) => (
          <Box component="li" key={step} sx={{ py: 0.5 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
              <Typography>{t(`nextSteps.steps.${STEPS[step].key}`)}</Typography>
              <Button component={RouterLink} to={STEPS[step].to} size="small" variant="outlined" color="inherit">
                {t(`nextSteps.steps.${STEPS[step].key}Action`)}
              </Button>
            </Box>
          </Box>
        ))}
      </Box>
      {next && <Typography sx={{ mt: 1 }}>{next}</Typography>}
    </Alert>
  );
}
