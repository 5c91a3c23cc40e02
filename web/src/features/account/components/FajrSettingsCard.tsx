import type { User } from '@fajr/api/contracts/users.contract';
import { Box, Button, Card, CardContent, CardHeader, Divider, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { queryKeys } from '../../../api/query-keys';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/http';
import { useNow } from '../../../hooks/useNow';
import { nextCallText } from '../../../lib/next-call';
import { formatLocalDate, formatTime, formatTimeNamed } from '../../../lib/time';
import { fetchPrayerCalc, type PrayerCalcData } from '../../../api/data.api';
import { fetchToday } from '../../../api/today.api';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ textAlign: 'right', fontWeight: 500 }}>{value}</Typography>
    </Box>
  );
}

/**
 * The next Fajr and the chain's next call (in the call's zone, the device's time beside it when it
 * differs) with 'Re-calculate'; a fetch error takes the place of the next call time.
 */
export function NextFajrTime({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const query = useQuery({ queryKey: queryKeys.today(user.id), queryFn: fetchToday });
  const now = useNow();
  // Re-calculate says when it last answered, so a press that changed nothing still shows it worked.
  const [recalculated, setRecalculated] = useState(false);
  // Re-calculate shows '…' again and hides the last error until the answer.
  const loading = query.isFetching || query.isPending;
  const error = !loading && query.isError ? errorMessage(query.error) : null;
  const today = loading ? undefined : query.data;

  const label = user.mosqueId ? t('nextFajr.jamaah') : t('nextFajr.fajr');
  let fajr: string | null = '…';
  let call = '…';
  if (!loading && error) call = error;
  else if (!loading && today && today.missing.length > 0 && !today.fajrCallTime) {
    // The steps still to do (listed above the card) say why there is no call yet; no bare "Not scheduled".
    fajr = null;
    call = t('nextFajr.afterSteps');
  } else if (!loading && today) {
    const zone = today.tzName ?? user.callTzName ?? 'UTC';
    const time = today.fajrTime ? formatTimeNamed(today.fajrTime, zone) : null;
    fajr =
      time && today.fajrCallDate
        ? t('nextFajr.dateTime', { date: formatLocalDate(today.fajrCallDate), time })
        : (time ?? t('nextFajr.notScheduled'));
    const next = nextCallText(today, zone, now);
    call = next
      ? next.charAt(0).toUpperCase() + next.slice(1)
      : user.allowCalls
        ? t('nextFajr.notScheduled')
        : t('nextFajr.callsOff');
  }
  return (
    <Box aria-live="polite" aria-busy={loading}>
      {!error && fajr !== null && <Row label={label} value={fajr} />}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
        <Typography color="text.secondary">{t('nextFajr.nextCall')}</Typography>
        <Typography sx={{ textAlign: 'right', fontWeight: 500 }} color={error ? 'error' : undefined}>
          {call}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          onClick={() => {
            setRecalculated(true);
            void query.refetch();
          }}
          disabled={loading}
        >
          {t('nextFajr.recalculate')}
        </Button>
        {recalculated && !loading && query.isSuccess && (
          <Typography variant="body2" color="text.secondary" data-testid="recalculated">
            {/* Something the person just did: on their own clock. */}
            {t('nextFajr.recalculatedAt', { time: formatTime(new Date(query.dataUpdatedAt).toISOString()) })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** The default preference's and adhaan's names as the API sends them (SPEC section 5's defaults). */
const DEFAULT_CALL_TIME = 'As soon as Fajr starts';
const DEFAULT_ADHAAN = 'Default';

/**
 * When the calls come, as the planner decides it: mosque calls are always 30 minutes before the
 * jama'ah; the call time preference is a Plus feature (others are called as Fajr starts).
 */
function callTimeOf(user: User, t: TFunction<'account'>, prefs?: PrayerCalcData['fajrCallTimePrefs']): string {
  if (user.mosqueId) return t('fajrSettings.beforeJamaah');
  // The other preferences are catalogue data, shown by the API's label in the language as the settings page lists them.
  return user.isPlus && user.fajrCallTimePrefTitle !== DEFAULT_CALL_TIME
    ? (prefs?.find((p) => p.title === user.fajrCallTimePrefTitle)?.label ?? user.fajrCallTimePrefTitle)
    : t('fajrSettings.asSoonAsFajr');
}

/** Summary of the user's Fajr settings, the next Fajr time, and a link to edit them. */
export function FajrSettingsCard({ user }: { user: User }) {
  const { t } = useTranslation('account');
  // Methods by their names as people know them ('Muslim World League'), once the catalogue is here.
  const calc = useQuery({ queryKey: queryKeys.prayerCalc, queryFn: fetchPrayerCalc, enabled: !user.mosqueId });
  const table = user.prayerTimetableId
    ? calc.data?.publishedTimetables.find((t) => t.id === user.prayerTimetableId)?.label
    : undefined;
  const method =
    table ??
    calc.data?.prayerCalcMethods.find((m) => m.name === user.prayerCalcMethod)?.label ??
    (calc.isError ? user.prayerCalcMethod : '…');
  const where = user.mosqueId
    ? (user.mosqueName ?? t('fajrSettings.yourMosque'))
    : [user.cityName, user.countryName].filter(Boolean).join(', ') || t('fajrSettings.notSet');
  return (
    <Card variant="outlined" component="section" aria-labelledby="fajr-settings-title">
      <CardHeader
        title={t('fajrSettings.title')}
        slotProps={{ title: { id: 'fajr-settings-title', component: 'h2', variant: 'h6' } }}
        action={
          <Button component={RouterLink} to={paths.settings}>
            {t('fajrSettings.edit')}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack divider={<Divider flexItem />}>
          <Row label={user.mosqueId ? t('fajrSettings.mosque') : t('fajrSettings.city')} value={where} />
          {!user.mosqueId && <Row label={t('fajrSettings.method')} value={method} />}
          <Row
            label={t('fajrSettings.calls')}
            value={user.allowCalls ? t('fajrSettings.enabled') : t('fajrSettings.disabled')}
          />
          <Row
            label={t('fajrSettings.adhaan')}
            value={
              user.fajrAdhaanId === DEFAULT_ADHAAN
                ? t('fajrSettings.defaultAdhaan')
                : (calc.data?.fajrAdhaans.find((a) => a.title === user.fajrAdhaanId)?.label ?? user.fajrAdhaanId)
            }
          />
          <Row label={t('fajrSettings.callTime')} value={callTimeOf(user, t, calc.data?.fajrCallTimePrefs)} />
          <NextFajrTime user={user} />
        </Stack>
      </CardContent>
    </Card>
  );
}
