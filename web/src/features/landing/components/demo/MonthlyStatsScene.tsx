import { Box, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatLanguage, formatNumber, intlLocale } from '../../../../lib/numbers';
import { Card, clock, enter, type SceneProps } from './parts';

/** Scene 4: the month's answered and missed counts counting up, then the call log. */

const callLog = [
  { date: '2026-11-22', time: '05:12', duration: 41, answered: true },
  { date: '2026-11-21', time: '05:11', duration: 0, answered: false },
  { date: '2026-11-20', time: '05:10', duration: 35, answered: true },
];

/** A log row's day ('22 Nov') in the shown language and digits; English keeps the day before the month. */
const dayOf = (date: string) =>
  new Intl.DateTimeFormat(formatLanguage() === 'en' ? 'en-GB' : intlLocale(), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

export function MonthlyStats({ at, still }: SceneProps) {
  const { t } = useTranslation('landing');
  const answered = Math.min(26, Math.floor(at / 60));
  const missed = Math.min(2, Math.floor(at / 700));
  const counts = [
    { label: t('demo.stats.answered'), value: answered, color: 'success.main' },
    { label: t('demo.stats.missed'), value: missed, color: 'error.main' },
  ];
  return (
    <Card title={t('demo.stats.card')} width={460}>
      <Stack direction="row" spacing={1.5} sx={{ mb: 1.5 }}>
        {counts.map(({ label, value, color }) => (
          <Paper key={color} variant="outlined" sx={{ flex: 1, p: 1.5, textAlign: 'center' }}>
            <Typography sx={{ fontSize: 34, fontWeight: 800, lineHeight: 1.1, color }}>
              {formatNumber(value)}
            </Typography>
            <Typography sx={{ fontSize: 15 }}>{label}</Typography>
          </Paper>
        ))}
      </Stack>
      {callLog.map((log, i) =>
        at >= 1800 + i * 400 ? (
          <Box
            key={log.date}
            sx={{
              display: 'flex',
              gap: 2,
              fontSize: 14,
              py: 0.5,
              borderTop: 1,
              borderColor: 'divider',
              ...enter(still),
            }}
          >
            {/* Columns at least as wide as the English ones, never wrapping: a longer unit or date must not make the card outgrow the stage. */}
            <Typography sx={{ fontSize: 14, minWidth: 56, whiteSpace: 'nowrap' }}>{dayOf(log.date)}</Typography>
            <Typography sx={{ fontSize: 14, minWidth: 76, whiteSpace: 'nowrap' }}>{clock(log.time)}</Typography>
            <Typography sx={{ fontSize: 14, minWidth: 40, whiteSpace: 'nowrap' }} color="text.secondary">
              {t('demo.stats.seconds', { seconds: formatNumber(log.duration) })}
            </Typography>
            <Typography
              sx={{
                fontSize: 14,
                fontWeight: 600,
                color: log.answered ? 'success.main' : 'error.main',
              }}
            >
              {log.answered ? t('demo.stats.answeredOne') : t('demo.stats.missedOne')}
            </Typography>
          </Box>
        ) : null,
      )}
    </Card>
  );
}
