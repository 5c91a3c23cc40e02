import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { MosqueDashboard } from '../../../api/mosques.api';
import { formatShortDate, formatTime, formatZone } from '../../../lib/time';

const SOURCES = ['fixed', 'after-fajr', 'before-sunrise', 'calendar', 'none'] as const;

/** The next 14 days' jama'ah as members will be called for them, in the mosque's zone. */
export function JamaahAhead({ days, tzName }: { days: MosqueDashboard['next']; tzName: string }) {
  const { t } = useTranslation('mosques');
  return (
    <section aria-labelledby="jamaah-ahead-title">
      <Typography variant="h6" component="h2" id="jamaah-ahead-title">
        {t('ahead.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('ahead.zone', { zone: formatZone(tzName) })}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('ahead.date')}</TableCell>
            <TableCell>{t('ahead.jamaah')}</TableCell>
            <TableCell>{t('ahead.from')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {days.map((d) => (
            <TableRow key={d.date}>
              <TableCell>{formatShortDate(d.date)}</TableCell>
              <TableCell>{d.jamaahAt ? formatTime(d.jamaahAt, tzName) : t('ahead.noTime')}</TableCell>
              <TableCell>
                {t(`source.${(SOURCES as readonly string[]).includes(d.source) ? d.source : 'none'}`)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
