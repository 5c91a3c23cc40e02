/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import type { ScheduleEntry } from '@fajr/api/contracts/schedules.contract';
import { Box, Typography } from '@mui/material';
import { deviceTimeBeside, formatLocalDate, formatTime } from '../../../lib/time';

/** SPEC section 9: each timeline entry is 120 px high. */
export const TIMELINE_ROW_HEIGHT = 120;

/** The schedule as a timeline: a day a row, its call (and the device's time when it differs), its Fajr and sunrise. */
export function Timeline({ entries, tz, mosque }: { entries: ScheduleEntry[]; tz: string; mosque: boolean }) {
  return (
    <Box component="ol" aria-label="Fajr call timeline" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((e, i) => {
        const call = formatTime(e.fajrCallTimeIso, tz);
        const fajr = formatTime(e.fajrTimeIso, tz);
        const yours = deviceTimeBeside(e.fajrCallTimeIso, tz);
        // A day of the polar-day rule: its Fajr and sunrise are the rule's, not the sky's, and say so.
        const byRule = Boolean(e.fajrConvention);
        return (
          <Box
            component="li"
            key={e.fajrCallDate}
            data-testid="timeline-row"
            sx={{ height: TIMELINE_ROW_HEIGHT, display: 'flex', gap: 2 }}
          >
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', width: 16 }} aria-hidden="true">
              <Box
                sx={{
                  width: 14,
                  height: 14,
                  borderRadius: '50%',
                  bgcolor: byRule ? 'warning.main' : 'primary.main',
                  mt: 0.5,
                }}
              />
              {i < entries.length - 1 && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider' }} />}
            </Box>
            <Box sx={{ overflow: 'hidden' }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {formatLocalDate(e.fajrCallDate)}
              </Typography>
              <Typography>
                {/* A mosque's time is its jama'ah, not the start of Fajr. */}
                We'll call you at {call}. {mosque ? `Fajr jama'ah is at ${fajr}.` : `Fajr starts at ${fajr}.`}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[yours, !mosque && e.sunriseTimeIso ? `Sunrise ${formatTime(e.sunriseTimeIso, tz)}` : null]
                  .filter(Boolean)
                  .join(' · ')}
                {byRule && (
                  <Box component="span" sx={{ fontWeight: 600 }} data-testid="by-polar-rule">
                    {' · Fajr and sunrise by your polar-day rule'}
                  </Box>
                )}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
