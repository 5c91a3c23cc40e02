import { Alert, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatLocalDate } from '../../../lib/time';

const KNOWN = {
  'no-times': 'noTimes',
  'times-start-later': 'startLater',
  'times-run-out-soon': 'runOutSoon',
  'times-run-out': 'runOut',
} as const;

/** What needs the admins (the dashboard's attention codes), each as a sentence; nothing when all is well. */
export function AttentionList({
  codes,
  coveredUntil,
  startsOn = null,
}: {
  codes: string[];
  coveredUntil: string | null;
  startsOn?: string | null;
}) {
  const { t } = useTranslation('mosques');
  const known = codes.filter((c): c is keyof typeof KNOWN => c in KNOWN);
  if (known.length === 0) return null;
  const date = coveredUntil ? formatLocalDate(coveredUntil) : '';
  return (
    <Stack spacing={1} component="section" aria-label={t('attention.label')}>
      {known.map((code) => (
        <Alert key={code} severity={code === 'times-run-out' || code === 'no-times' ? 'error' : 'warning'}>
          {t(`attention.${KNOWN[code]}`, {
            date: code === 'times-start-later' && startsOn ? formatLocalDate(startsOn) : date,
          })}
        </Alert>
      ))}
    </Stack>
  );
}
