import { Box, Stack, Typography } from '@mui/material';
import { Trans, useTranslation } from 'react-i18next';
import { Card, clock, enter, type SceneProps } from './parts';

/** Scene 2: the coming days' calls, one row at a time. */

// Days by their keys under demo.schedule.days; times as 'HH:mm', shown as the schedule shows them.
const scheduleRows = [
  { day: 'today', call: '05:12', fajr: '05:02', sunrise: '07:31' },
  { day: 'tomorrow', call: '05:13', fajr: '05:03', sunrise: '07:32' },
  { day: 'wednesday', call: '05:14', fajr: '05:04', sunrise: '07:34' },
];

export function Schedule({ at, still }: SceneProps) {
  const { t } = useTranslation('landing');
  return (
    <Card title={t('demo.schedule.card')} width={560}>
      <Stack spacing={1.25}>
        {scheduleRows.map((row, i) =>
          at >= 300 + i * 700 ? (
            <Box
              key={row.day}
              sx={{
                display: 'flex',
                gap: 1.5,
                alignItems: 'center',
                borderLeft: 4,
                borderColor: 'primary.main',
                pl: 1.5,
                py: 0.5,
                ...enter(still),
              }}
            >
              {/* At least the English column's width; a longer 'Sunrise' widens it rather than running into the sentence. */}
              <Box sx={{ minWidth: 124, flexShrink: 0, whiteSpace: 'nowrap' }}>
                <Typography sx={{ fontWeight: 700, fontSize: 15 }}>{t(`demo.schedule.days.${row.day}`)}</Typography>
                <Typography sx={{ fontSize: 13 }} color="text.secondary">
                  {t('demo.schedule.sunrise', { time: clock(row.sunrise) })}
                </Typography>
              </Box>
              <Typography sx={{ fontSize: 14.5 }}>
                <Trans
                  t={t}
                  i18nKey="demo.schedule.row"
                  values={{ call: clock(row.call), fajr: clock(row.fajr) }}
                  components={{ b: <b /> }}
                />
              </Typography>
            </Box>
          ) : null,
        )}
      </Stack>
    </Card>
  );
}
