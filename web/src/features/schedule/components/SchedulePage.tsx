import type { ScheduleEntry, ScheduleNotice } from '@fajr/api/contracts/schedules.contract';
import EditIcon from '@mui/icons-material/Edit';
import TableRowsIcon from '@mui/icons-material/TableRows';
import TimelineIcon from '@mui/icons-material/Timeline';
import { Alert, Box, Button, Container, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { queryKeys } from '../../../api/query-keys';
import { NextSteps } from '../../../components/NextSteps';
import { PageLoader } from '../../../components/PageLoader';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/http';
import { formatLocalDate, formatTime, formatZone } from '../../../lib/time';
import { useSession } from '../../../lib/session';
import { fetchSchedule } from '../api/schedule.api';

/** SPEC section 9: each timeline entry is 120 px high. */
export const TIMELINE_ROW_HEIGHT = 120;

type View = 'timeline' | 'table';

function Timeline({ entries, tz, mosque }: { entries: ScheduleEntry[]; tz: string | null; mosque: boolean }) {
  return (
    <Box component="ol" aria-label="Fajr call timeline" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((e, i) => {
        const call = formatTime(e.fajrCallTimeIso, tz);
        const fajr = formatTime(e.fajrTimeIso, tz);
        return (
          <Box component="li" key={e.fajrCallDate} data-testid="timeline-row" sx={{ height: TIMELINE_ROW_HEIGHT, display: 'flex', gap: 2 }}>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', width: 16 }} aria-hidden="true">
              <Box sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: 'primary.main', mt: 0.5 }} />
              {i < entries.length - 1 && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider' }} />}
            </Box>
            <Box sx={{ overflow: 'hidden' }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {formatLocalDate(e.fajrCallDate)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Call {call} · {mosque ? "Fajr Jama'ah" : 'Fajr'} {fajr}
                {!mosque && e.sunriseTimeIso ? ` · Sunrise ${formatTime(e.sunriseTimeIso, tz)}` : ''}
              </Typography>
              <Typography>
                {/* A mosque's time is its jama'ah, not the start of Fajr. */}
                We'll call you at {call}. {mosque ? `Fajr jama'ah is at ${fajr}.` : `Fajr starts at ${fajr}.`}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

function ScheduleTable({ entries, tz, mosque }: { entries: ScheduleEntry[]; tz: string | null; mosque: boolean }) {
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
          {entries.map((e) => (
            <TableRow key={e.fajrCallDate}>
              <TableCell>{formatLocalDate(e.fajrCallDate)}</TableCell>
              <TableCell>{formatTime(e.fajrCallTimeIso, tz)}</TableCell>
              <TableCell>{formatTime(e.fajrTimeIso, tz)}</TableCell>
              <TableCell>{e.sunriseTimeIso ? formatTime(e.sunriseTimeIso, tz) : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** What a person can choose instead, per reason a day has no call. */
const INSTEAD: Record<string, { text: string; action: string }> = {
  'no-fajr': {
    text: 'Choose a high-latitude rule in Advanced Settings that always gives a Fajr time, and we will call you on these days too.',
    action: 'Choose a high-latitude rule',
  },
  'no-timetable': { text: "Your mosque has not published these days yet: you can pray at home meanwhile and we'll call you by your city.", action: 'Edit Fajr Settings' },
};
/** For a home user of an authority's published timetable, a missing day is the table's, not a mosque's. */
const INSTEAD_PUBLISHED = {
  text: "Your published timetable does not list these days yet: choose a calculation method in Advanced Settings and we'll call you by it meanwhile.",
  action: 'Choose a calculation method',
};

/** The days of the stretch without a call, why, and what the user can choose instead. */
function DaysWithoutCall({ notices, published }: { notices: ScheduleNotice[]; published: boolean }) {
  const reasons = [...new Set(notices.map((n) => n.status))];
  return (
    <Alert severity="warning" component="section" aria-labelledby="no-call-title" sx={{ mb: 2 }} data-testid="days-without-call">
      <Typography id="no-call-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        No call on {notices.length === 1 ? 'this day' : `these ${notices.length} days`}
      </Typography>
      <Box component="ul" sx={{ my: 1, pl: 2.5 }}>
        {notices.map((n) => (
          <li key={n.date}>
            {formatLocalDate(n.date)}: {n.message}
          </li>
        ))}
      </Box>
      {reasons.map((r) => {
        const instead = r === 'no-timetable' && published ? INSTEAD_PUBLISHED : INSTEAD[r];
        return instead ? (
          <Box key={r} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}>
            <Typography>{instead.text}</Typography>
            <Button component={RouterLink} to={paths.settings} size="small" variant="outlined" color="inherit">
              {instead.action}
            </Button>
          </Box>
        ) : null;
      })}
    </Alert>
  );
}

/** /app/schedule: the upcoming Fajr calls as a timeline or a table, in the user's time zone. */
export function SchedulePage() {
  usePageTitle('Fajr Schedule');
  const { user } = useSession();
  const [view, setView] = useState<View>('timeline');
  // Fetched each time the page opens (the spinner shows meanwhile), for the signed-in account.
  const query = useQuery({ queryKey: queryKeys.schedule(user?.id ?? ''), queryFn: fetchSchedule, enabled: Boolean(user) });
  const loading = query.isFetching || query.isPending;
  const entries = loading ? null : (query.data?.entries ?? null);
  // Days with no call; a day called at a polar convention's time ('fajr-by-convention') has one.
  const notices = loading ? [] : (query.data?.notices ?? []).filter((n) => n.status === 'no-fajr' || n.status === 'no-timetable');
  const error = !loading && query.isError ? errorMessage(query.error) : null;

  const mosque = Boolean(user?.mosqueId);
  const tz = user?.tzName ?? null;
  // Times an authority published (chosen instead of a method) are named as such, never passed off as computed.
  const timetable = entries?.find((e) => e.fajrTimetable)?.fajrTimetable ?? null;
  const published = !mosque && Boolean(user?.prayerTimetableId);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography variant="h4" component="h1">
          Fajr Schedule
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ToggleButtonGroup size="small" exclusive value={view} onChange={(_e, v: View | null) => v && setView(v)} aria-label="Schedule view">
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
      {!error && !entries && <PageLoader label="Loading your schedule" />}
      {entries && entries.length === 0 && <Alert severity="info">You have no Fajr calls scheduled</Alert>}
      {entries && entries.length > 0 && (view === 'timeline' ? <Timeline entries={entries} tz={tz} mosque={mosque} /> : <ScheduleTable entries={entries} tz={tz} mosque={mosque} />)}
    </Container>
  );
}
