/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import EditIcon from '@mui/icons-material/Edit';
import TableRowsIcon from '@mui/icons-material/TableRows';
import TimelineIcon from '@mui/icons-material/Timeline';
import { Alert, Box, Button, Container, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { queryKeys } from '../../../api/query-keys';
import { NextSteps } from '../../../components/NextSteps';
import { PageLoader } from '../../../components/PageLoader';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/http';
import { deviceZone, formatZone } from '../../../lib/time';
import { useSession } from '../../../lib/session';
import { fetchSchedule } from '../api/schedule.api';
import { DaysWithoutCall } from './DaysWithoutCall';
import { PolarRuleNotice } from './PolarRuleNotice';
import { ScheduleTable } from './ScheduleTable';
import { Timeline } from './Timeline';

type View = 'timeline' | 'table';

/** /app/schedule: the upcoming Fajr calls as a timeline or a table, in the user's time zone. */
export function SchedulePage() {
  usePageTitle('Fajr Schedule');
  const { user } = useSession();
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
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography variant="h4" component="h1">
          Fajr Schedule
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_e, v: View | null) => v && setView(v)}
            aria-label="Schedule view"
          >
            <ToggleButton value="timeline" aria-label="Timeline view">
              <TimelineIcon />
            </ToggleButton>
            <ToggleButton value="table" aria-label="Table view">
              <TableRowsIcon />
            </ToggleButton>
          </ToggleButtonGroup>
          <Button component={RouterLink} to={paths.settings} variant="outlined" startIcon={<EditIcon />}>
            Edit Fajr Settings
          </Button>
        </Stack>
      </Stack>
      {tz && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Times in {formatZone(tz)}
          {user?.mosqueName && mosque ? ` · ${user.mosqueName}` : user?.cityName ? ` · ${user.cityName}` : ''}
          {formatZone(deviceZone()) !== formatZone(tz) ? `. Your device's own time is shown beside each call.` : ''}
        </Typography>
      )}
      {timetable && (
        <Typography sx={{ mb: 2 }} data-testid="schedule-timetable">
          Fajr and sunrise exactly as published: {timetable}.
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
      {!error && !entries && <PageLoader label="Loading your schedule" />}
      {entries && entries.length === 0 && <Alert severity="info">You have no Fajr calls scheduled</Alert>}
      {entries &&
        entries.length > 0 &&
        tz &&
        (view === 'timeline' ? (
          <Timeline entries={entries} tz={tz} mosque={mosque} />
        ) : (
          <ScheduleTable entries={entries} tz={tz} mosque={mosque} />
        ))}
    </Container>
  );
}
