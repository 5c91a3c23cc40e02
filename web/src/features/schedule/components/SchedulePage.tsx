import EditIcon from '@mui/icons-material/Edit';
import TableRowsIcon from '@mui/icons-material/TableRows';
import TimelineIcon from '@mui/icons-material/Timeline';
import { Alert, Box, Button, Container, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { queryKeys } from '../../../api/query-keys';
import { NextSteps } from '../../../components/NextSteps';
import { PageLoader } from '../../../components/PageLoader';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';
import { useDisplayPrefs } from '../../../hooks/useDisplayPrefs';
import { clampOffset } from '../../../lib/hijri';
import { errorMessage } from '../../../lib/http';
import { formatNumber } from '../../../lib/numbers';
import { deviceZone, formatZone } from '../../../lib/time';
import { useSession } from '../../../lib/session';
import { fetchSchedule } from '../api/schedule.api';
import { DaysWithoutCall } from './DaysWithoutCall';
import { MethodFallbackNotice } from './MethodFallbackNotice';
import { PolarRuleNotice } from './PolarRuleNotice';
import { ScheduleTable } from './ScheduleTable';
import { Timeline } from './Timeline';

type View = 'timeline' | 'table';

/** /app/schedule: the upcoming Fajr calls as a timeline or a table, in the user's time zone. */
export function SchedulePage() {
  const { t } = useTranslation('schedule');
  usePageTitle(t('schedulePage.title'));
  const { user } = useSession();
  // Shown again when the hour cycle or the digits change in Settings.
  useDisplayPrefs();
  const [view, setView] = useState<View>('timeline');
  // Fetched each time the page opens (the spinner shows meanwhile), for the signed-in account.
  const query = useQuery({
    queryKey: queryKeys.schedule(user?.id ?? ''),
    queryFn: fetchSchedule,
    enabled: Boolean(user),
  });
  const loading = query.isFetching || query.isPending;
  const entries = loading ? null : (query.data?.entries ?? null);
  // Days with no call; a day called at a polar convention's time ('fajr-by-convention') has one.
  const notices = loading
    ? []
    : (query.data?.notices ?? []).filter((n) => n.status === 'no-fajr' || n.status === 'no-timetable');
  const byRule = loading ? [] : (query.data?.notices ?? []).filter((n) => n.status === 'fajr-by-convention');
  const error = !loading && query.isError ? errorMessage(query.error) : null;

  const mosque = Boolean(user?.mosqueId);
  // The zone the API planned in (the mosque's for a mosque user), never the old city's.
  const tz = query.data?.tzName ?? user?.callTzName ?? null;
  // Times an authority published (chosen instead of a method) are named as such, never passed off as computed.
  const timetable = entries?.find((e) => e.fajrTimetable)?.fajrTimetable ?? null;
  const published = !mosque && Boolean(user?.prayerTimetableId);
  const hijriOffset = clampOffset(user?.hijriOffset);
  const place = user?.mosqueName && mosque ? user.mosqueName : (user?.cityName ?? null);
  const timesIn = tz
    ? place
      ? t('schedulePage.timesInAt', { zone: formatZone(tz), place })
      : t('schedulePage.timesIn', { zone: formatZone(tz) })
    : null;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography variant="h4" component="h1">
          {t('schedulePage.title')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_e, v: View | null) => v && setView(v)}
            aria-label={t('schedulePage.viewLabel')}
          >
            <ToggleButton value="timeline" aria-label={t('schedulePage.timelineView')}>
              <TimelineIcon />
            </ToggleButton>
            <ToggleButton value="table" aria-label={t('schedulePage.tableView')}>
              <TableRowsIcon />
            </ToggleButton>
          </ToggleButtonGroup>
          <Button component={RouterLink} to={paths.settings} variant="outlined" startIcon={<EditIcon />}>
            {t('schedulePage.editSettings')}
          </Button>
        </Stack>
      </Stack>
      {tz && timesIn && (
        <Typography color="text.secondary" sx={{ mb: hijriOffset ? 0.5 : 2, overflowWrap: 'anywhere' }}>
          {formatZone(deviceZone()) !== formatZone(tz) ? t('schedulePage.deviceBeside', { times: timesIn }) : timesIn}
        </Typography>
      )}
      {hijriOffset !== 0 && (
        <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }} data-testid="hijri-adjusted">
          {t('schedulePage.hijriAdjusted', {
            offset: Math.abs(hijriOffset),
            n: formatNumber(Math.abs(hijriOffset)),
            direction: hijriOffset > 0 ? 'ahead' : 'behind',
          })}
        </Typography>
      )}
      {timetable && (
        <Typography sx={{ mb: 2 }} data-testid="schedule-timetable">
          {t('schedulePage.timetable', { timetable })}
        </Typography>
      )}
      {user && (
        <Box sx={{ mb: 2 }}>
          <NextSteps user={user} />
        </Box>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {notices.length > 0 && <DaysWithoutCall notices={notices} published={published} />}
      <PolarRuleNotice notices={byRule} />
      {/* Days the chosen published table ran out of: still called, at the method's time. */}
      <MethodFallbackNotice notices={loading ? [] : (query.data?.notices ?? [])} />
      {!error && !entries && <PageLoader label={t('schedulePage.loading')} />}
      {entries && entries.length === 0 && <Alert severity="info">{t('schedulePage.empty')}</Alert>}
      {entries &&
        entries.length > 0 &&
        tz &&
        (view === 'timeline' ? (
          <Timeline entries={entries} tz={tz} mosque={mosque} hijriOffset={hijriOffset} />
        ) : (
          <ScheduleTable entries={entries} tz={tz} mosque={mosque} hijriOffset={hijriOffset} />
        ))}
    </Container>
  );
}
