import { Alert, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatLocalDate } from '../../../lib/time';

const KNOWN = { 'no-times': 'noTimes', 'times-run-out-soon': 'runOutSoon', 'times-run-out': 'runOut' } as const;

/** What needs the admins (the dashboard's attention codes), each as a sentence; nothing when all is well. */
export function AttentionList({ codes, coveredUntil }: { codes: string[]; coveredUntil: string | null }) {
  const { t } = useTranslation('mosques');
  const known = codes.filter((c): c is keyof typeof KNOWN => c in KNOWN);
  if (known.length === 0) return null;
  const date = coveredUntil ? formatLocalDate(coveredUntil) : '';
  return (
    <Stack spacing={1} component="section" aria-label={t('attention.label')}>
      {known.map((code) => (
        <Alert key={code} severity={code === 'times-run-out-soon' ? 'warning' : 'error'}>
          {t(`attention.${KNOWN[code]}`, { date })}
        </Alert>
      ))}
    </Stack>
  );
}
