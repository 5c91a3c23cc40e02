/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Box, Stack, Typography } from '@mui/material';
import { Card, enter, type SceneProps } from './parts';

/** Scene 2: the coming days' calls, one row at a time. */

const scheduleRows = [
  { day: 'Today', call: '5:12 AM', fajr: '5:02 AM', sunrise: '7:31 AM' },
  { day: 'Tomorrow', call: '5:13 AM', fajr: '5:03 AM', sunrise: '7:32 AM' },
  { day: 'Wednesday', call: '5:14 AM', fajr: '5:04 AM', sunrise: '7:34 AM' },
];

export function Schedule({ t, still }: SceneProps) {
  return (
    <Card title="Fajr Schedule" width={560}>
      <Stack spacing={1.25}>
        {scheduleRows.map((row, i) =>
          t >= 300 + i * 700 ? (
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
              <Box sx={{ width: 124, flexShrink: 0, whiteSpace: 'nowrap' }}>
                <Typography sx={{ fontWeight: 700, fontSize: 15 }}>{row.day}</Typography>
                <Typography sx={{ fontSize: 13 }} color="text.secondary">
                  Sunrise {row.sunrise}
                </Typography>
              </Box>
              <Typography sx={{ fontSize: 14.5 }}>
                We&apos;ll call you at <b>{row.call}</b>. Fajr starts at {row.fajr}.
              </Typography>
            </Box>
          ) : null,
        )}
      </Stack>
    </Card>
  );
}
