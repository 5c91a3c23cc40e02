/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import type { ScheduleEntry } from '@fajr/api/contracts/schedules.contract';
import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { deviceTimeBeside, formatLocalDate, formatTime } from '../../../lib/time';

/** The schedule as a table; a polar-day rule's day marks its Fajr and sunrise as the rule's. */
export function ScheduleTable({ entries, tz, mosque }: { entries: ScheduleEntry[]; tz: string; mosque: boolean }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Fajr call schedule">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Call Time</TableCell>
            <TableCell>{mosque ? "Fajr Jama'ah" : 'Fajr Time'}</TableCell>
            <TableCell>Sunrise Time</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => {
            const yours = deviceTimeBeside(e.fajrCallTimeIso, tz);
            const rule = e.fajrConvention ? ' (polar-day rule)' : '';
            return (
              <TableRow key={e.fajrCallDate}>
                <TableCell>{formatLocalDate(e.fajrCallDate)}</TableCell>
                <TableCell>
                  {formatTime(e.fajrCallTimeIso, tz)}
                  {yours && (
                    <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                      {yours}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {formatTime(e.fajrTimeIso, tz)}
                  {rule}
                </TableCell>
                <TableCell>{e.sunriseTimeIso ? `${formatTime(e.sunriseTimeIso, tz)}${rule}` : '—'}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
