import type { ScheduleEntry } from '@fajr/api/contracts/schedules.contract';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatHijri } from '../../../lib/hijri';
import { isolate } from '../../../lib/numbers';
import { deviceTimeBeside, formatLocalDate, formatTime } from '../../../lib/time';

/** SPEC section 9: each timeline entry is 120 px high. */
export const TIMELINE_ROW_HEIGHT = 120;

interface TimelineProps {
  entries: ScheduleEntry[];
  tz: string;
  mosque: boolean;
  /** The account's Hijri adjustment (−2…+2 days). */
  hijriOffset: number;
}

/**
 * The schedule as a timeline: a day a row, its date (the Hijri date beside it), its call (and the device's
 * time when it differs), its Fajr and sunrise (when Fajr's time ends), and the day before a mosque's jama'ah moves, from tomorrow's time.
 */
export function Timeline({ entries, tz, mosque, hijriOffset }: TimelineProps) {
  const { t } = useTranslation('schedule');
  return (
    <Box component="ol" aria-label={t('timeline.label')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((e, i) => {
        const call = isolate(formatTime(e.fajrCallTimeIso, tz));
        const fajr = isolate(formatTime(e.fajrTimeIso, tz));
        const yours = deviceTimeBeside(e.fajrCallTimeIso, tz);
        // The short form (no era): the month's name says it is the Hijri date, and the line has little room.
        const hijri = formatHijri(e.fajrCallDate, hijriOffset, { short: true });
        // A day of the polar-day rule: its Fajr and sunrise are the rule's, not the sky's, and say so.
        const byRule = Boolean(e.fajrConvention);
        // Sunrise as the end of Fajr's time (issue 47 point 2): the deadline a late riser still has.
        const sunrise =
          !mosque && e.sunriseTimeIso
            ? t('timeline.fajrEnds', { time: isolate(formatTime(e.sunriseTimeIso, tz)) })
            : null;
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
            <Box sx={{ overflow: 'hidden', minWidth: 0 }}>
              {/* The Hijri date on the date's line, cut rather than wrapped, the line a little tighter than
                  subtitle1's: the row keeps its 120 px even in Urdu's tall Nastaliq. */}
              <Box sx={{ display: 'flex', alignItems: 'baseline', columnGap: 1, minWidth: 0 }}>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexShrink: 0, lineHeight: 1.5 }}>
                  {formatLocalDate(e.fajrCallDate)}
                </Typography>
                {hijri && (
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    noWrap
                    title={hijri}
                    data-testid="hijri-date"
                    sx={{ lineHeight: 1.5 }}
                  >
                    {hijri}
                  </Typography>
                )}
              </Box>
              <Typography>
                {/* A mosque's time is its jama'ah, not the start of Fajr. */}
                {t(mosque ? 'timeline.sentenceMosque' : 'timeline.sentence', { call, fajr })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[yours, sunrise].filter(Boolean).join(' · ')}
                {byRule && (
                  <Box component="span" sx={{ fontWeight: 600 }} data-testid="by-polar-rule">
                    {yours || sunrise ? ' · ' : ''}
                    {t('timeline.byRule')}
                  </Box>
                )}
                {/* The day before the mosque's jama'ah moves (issue 46 point 4): the call says it too. */}
                {e.jamaahChange && (
                  <Box component="span" sx={{ fontWeight: 600 }} data-testid="jamaah-change">
                    {yours || sunrise || byRule ? ' · ' : ''}
                    {t('jamaahChange.fromTomorrow', { time: isolate(formatTime(e.jamaahChange.jamaahTimeIso, tz)) })}
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
