/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import type { Morning } from '@fajr/api/contracts/schedules.contract';
import type { User } from '@fajr/api/contracts/users.contract';
import { Alert, AlertTitle, Box, Typography, type AlertColor } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { fetchToday } from '../../../api/today.api';
import { formatTimeNamed, localDateIn } from '../../../lib/time';

type Attempt = Morning['attempts'][number];

/** Which call of the morning it was, as the person knows it. */
const KIND: Record<string, string> = {
  fajr: 'Fajr call',
  'ring-through': 'Second call, through Do Not Disturb',
  'second-number': 'Call to your second number',
  repeat: 'Repeat call',
};

/** How one attempt went, as a person would say it. */
export function attemptSentence(a: Pick<Attempt, 'outcome' | 'keyPressed'>): string {
  if (a.outcome === 'answered')
    return a.keyPressed === false
      ? "You answered but didn't press a key"
      : a.keyPressed
        ? 'You answered and pressed a key'
        : 'You answered';
  if (a.outcome === 'busy') return 'Your phone declined it (busy, or silenced by Do Not Disturb)';
  if (a.outcome === 'no-answer') return 'No answer';
  if (a.outcome === 'voicemail') return 'It went to voicemail';
  if (a.outcome === 'failed' || a.outcome === 'canceled') return 'The call could not be placed';
  return 'Ringing now';
}

/** The morning's headline: how it ended, or what comes next. */
function headline(m: Morning, zone: string, repeatAt: string | null): { severity: AlertColor; text: string } {
  const last = m.attempts.at(-1)!;
  switch (m.result) {
    case 'answered':
      return { severity: 'success', text: 'You answered: you were up for Fajr' };
    case 'unconfirmed':
      return {
        severity: 'warning',
        text: "You answered but didn't press a key, so it counts as not woken. Next time press any key when the call asks.",
      };
    case 'calling':
      return { severity: 'info', text: "We're calling you now" };
    case 'repeat-due':
      return {
        severity: 'info',
        text: `No answer yet: we'll call again${repeatAt ? ` at ${formatTimeNamed(repeatAt, zone)}` : ' shortly'}`,
      };
    default:
      return {
        severity: 'error',
        text: last.outcome === 'busy' ? 'Your phone declined our call' : "You didn't answer",
      };
  }
}

/**
 * The latest morning's call for every plan (trial included): how it went in plain words, each
 * attempt with its time in the call's zone. Nothing before the first morning.
 */
export function ThisMorning({ user }: { user: User }) {
  const { data } = useQuery({ queryKey: queryKeys.today(user.id), queryFn: fetchToday });
  const morning = data?.morning;
  if (!morning || morning.attempts.length === 0) return null;
  const zone = data.tzName ?? user.callTzName ?? 'UTC';
  const today = localDateIn(new Date().toISOString(), zone);
  const title = morning.callDate === today ? "This morning's call" : "Yesterday morning's call";
  const { severity, text } = headline(morning, zone, data.nextKind === 'repeat' ? data.fajrCallTime : null);
  return (
    <Alert severity={severity} component="section" aria-labelledby="this-morning-title" data-testid="this-morning">
      <AlertTitle id="this-morning-title" component="h2">
        {title}
      </AlertTitle>
      <Typography>{text}</Typography>
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
        {morning.attempts.map((a) => (
          <li key={`${a.kind}-${a.at}`}>
            {KIND[a.kind] ?? 'Call'} at {formatTimeNamed(a.at, zone)}: {attemptSentence(a)}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
