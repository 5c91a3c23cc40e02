import type { Morning } from '@fajr/api/contracts/schedules.contract';
import type { User } from '@fajr/api/contracts/users.contract';
import { Alert, AlertTitle, Box, Typography, type AlertColor } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../api/query-keys';
import { fetchToday } from '../../../api/today.api';
import { formatTimeNamed, localDateIn } from '../../../lib/time';

type Attempt = Morning['attempts'][number];

/** Which call of the morning it was, as the person knows it (catalogue keys). */
const KIND: Record<string, string> = {
  fajr: 'thisMorning.kind.fajr',
  'ring-through': 'thisMorning.kind.ringThrough',
  'second-number': 'thisMorning.kind.secondNumber',
  repeat: 'thisMorning.kind.repeat',
  sunrise: 'thisMorning.kind.sunrise',
};

/** How one attempt went, as a person would say it (its catalogue key). */
export function attemptSentence(a: Pick<Attempt, 'outcome' | 'keyPressed'>): string {
  if (a.outcome === 'answered')
    return a.keyPressed === false
      ? 'thisMorning.outcome.answeredNoKey'
      : a.keyPressed
        ? 'thisMorning.outcome.answeredKey'
        : 'thisMorning.outcome.answered';
  if (a.outcome === 'busy') return 'thisMorning.outcome.busy';
  if (a.outcome === 'no-answer') return 'thisMorning.outcome.noAnswer';
  if (a.outcome === 'voicemail') return 'thisMorning.outcome.voicemail';
  if (a.outcome === 'failed' || a.outcome === 'canceled') return 'thisMorning.outcome.failed';
  return 'thisMorning.outcome.ringing';
}

/** The morning's headline: how it ended, or what comes next. */
function headline(
  m: Morning,
  zone: string,
  repeatAt: string | null,
  t: TFunction<'account'>,
): { severity: AlertColor; text: string } {
  const last = m.attempts.at(-1)!;
  switch (m.result) {
    case 'answered':
      return { severity: 'success', text: t('thisMorning.headline.answered') };
    case 'unconfirmed':
      return { severity: 'warning', text: t('thisMorning.headline.unconfirmed') };
    case 'calling':
      return { severity: 'info', text: t('thisMorning.headline.calling') };
    case 'repeat-due':
      return {
        severity: 'info',
        text: repeatAt
          ? t('thisMorning.headline.repeatAt', { time: formatTimeNamed(repeatAt, zone) })
          : t('thisMorning.headline.repeatShortly'),
      };
    case 'sunrise-due':
      // The morning's calls woke nobody: the last call before sunrise (Premium) is still to come.
      return m.sunriseCallAt
        ? {
            severity: 'info',
            text: t('thisMorning.headline.sunriseAt', { time: formatTimeNamed(m.sunriseCallAt, zone) }),
          }
        : { severity: 'error', text: t('thisMorning.headline.missed') };
    default:
      return {
        severity: 'error',
        text: last.outcome === 'busy' ? t('thisMorning.headline.declined') : t('thisMorning.headline.missed'),
      };
  }
}

/**
 * The latest morning's call for every plan (trial included): how it went in plain words, each
 * attempt with its time in the call's zone. Nothing before the first morning.
 */
export function ThisMorning({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { data } = useQuery({ queryKey: queryKeys.today(user.id), queryFn: fetchToday });
  const morning = data?.morning;
  if (!morning || morning.attempts.length === 0) return null;
  const zone = data.tzName ?? user.callTzName ?? 'UTC';
  const today = localDateIn(new Date().toISOString(), zone);
  const title = morning.callDate === today ? t('thisMorning.today') : t('thisMorning.yesterday');
  const { severity, text } = headline(morning, zone, data.nextKind === 'repeat' ? data.fajrCallTime : null, t);
  return (
    <Alert severity={severity} component="section" aria-labelledby="this-morning-title" data-testid="this-morning">
      <AlertTitle id="this-morning-title" component="h2">
        {title}
      </AlertTitle>
      <Typography>{text}</Typography>
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
        {morning.attempts.map((a) => (
          <li key={`${a.kind}-${a.at}`}>
            {t('thisMorning.attempt', {
              kind: t(KIND[a.kind] ?? 'thisMorning.kind.other'),
              time: formatTimeNamed(a.at, zone),
              outcome: t(attemptSentence(a)),
            })}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
