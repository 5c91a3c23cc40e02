import type { ScheduleEntry } from '@fajr/api/contracts/schedules.contract';
import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatHijri } from '../../../lib/hijri';
import { isolate } from '../../../lib/numbers';
import { deviceTimeBeside, formatLocalDate, formatTime } from '../../../lib/time';

interface ScheduleTableProps {
  entries: ScheduleEntry[];
  tz: string;
  mosque: boolean;
  /** The account's Hijri adjustment (−2…+2 days). */
  hijriOffset: number;
}

/**
 * The schedule as a table, the Hijri date under each date; a polar-day rule's day marks its Fajr and
 * sunrise as the rule's; the day before a mosque's jama'ah moves says from tomorrow's time under it.
 */
export function ScheduleTable({ entries, tz, mosque, hijriOffset }: ScheduleTableProps) {
  const { t } = useTranslation('schedule');
  const secondLine = { display: 'block' } as const;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('table.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('table.date')}</TableCell>
            <TableCell>{t('table.callTime')}</TableCell>
            <TableCell>{mosque ? t('table.jamaah') : t('table.fajrTime')}</TableCell>
            <TableCell>{t('table.sunriseTime')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => {
            const yours = deviceTimeBeside(e.fajrCallTimeIso, tz);
            const hijri = formatHijri(e.fajrCallDate, hijriOffset);
            const byRule = (time: string) => (e.fajrConvention ? t('table.byRule', { time }) : time);
            return (
              <TableRow key={e.fajrCallDate}>
                <TableCell>
                  {formatLocalDate(e.fajrCallDate)}
                  {hijri && (
                    <Typography variant="body2" color="text.secondary" component="span" sx={secondLine}>
                      {hijri}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {formatTime(e.fajrCallTimeIso, tz)}
                  {yours && (
                    <Typography variant="body2" color="text.secondary" component="span" sx={secondLine}>
                      {yours}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {byRule(formatTime(e.fajrTimeIso, tz))}
                  {e.jamaahChange && (
                    <Typography
                      variant="body2"
                      component="span"
                      sx={{ ...secondLine, fontWeight: 600 }}
                      data-testid="jamaah-change"
                    >
                      {t('jamaahChange.fromTomorrow', { time: isolate(formatTime(e.jamaahChange.jamaahTimeIso, tz)) })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{e.sunriseTimeIso ? byRule(formatTime(e.sunriseTimeIso, tz)) : '—'}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
