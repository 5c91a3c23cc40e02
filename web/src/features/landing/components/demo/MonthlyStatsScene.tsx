/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Box, Paper, Stack, Typography } from '@mui/material';
import { Card, enter, type SceneProps } from './parts';

/** Scene 4: the month's answered and missed counts counting up, then the call log. */

const callLog = [
  { date: '22 Nov', time: '05:12 AM', duration: 41, answeredBy: 'Answered' },
  { date: '21 Nov', time: '05:11 AM', duration: 0, answeredBy: 'Missed' },
  { date: '20 Nov', time: '05:10 AM', duration: 35, answeredBy: 'Answered' },
];

export function MonthlyStats({ t, still }: SceneProps) {
  const answered = Math.min(26, Math.floor(t / 60));
  const missed = Math.min(2, Math.floor(t / 700));
  const count = (label: string, value: number, color: 'success.main' | 'error.main') => (
    <Paper variant="outlined" sx={{ flex: 1, p: 1.5, textAlign: 'center' }}>
      <Typography sx={{ fontSize: 34, fontWeight: 800, lineHeight: 1.1, color }}>{value}</Typography>
      <Typography sx={{ fontSize: 15 }}>{label}</Typography>
    </Paper>
  );
  return (
    <Card title="Monthly Stats" width={460}>
      <Stack direction="row" spacing={1.5} sx={{ mb: 1.5 }}>
        {count('Answered', answered, 'success.main')}
        {count('Missed', missed, 'error.main')}
      </Stack>
      {callLog.map((log, i) =>
        t >= 1800 + i * 400 ? (
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
            <Typography sx={{ fontSize: 14, width: 56 }}>{log.date}</Typography>
            <Typography sx={{ fontSize: 14, width: 76 }}>{log.time}</Typography>
            <Typography sx={{ fontSize: 14, width: 40 }} color="text.secondary">
              {log.duration}s
            </Typography>
            <Typography
              sx={{
                fontSize: 14,
                fontWeight: 600,
                color: log.answeredBy === 'Answered' ? 'success.main' : 'error.main',
              }}
            >
              {log.answeredBy}
            </Typography>
          </Box>
        ) : null,
      )}
    </Card>
  );
}
