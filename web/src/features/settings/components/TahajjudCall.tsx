import type { User } from '@fajr/api/contracts/users.contract';
import { TAHAJJUD_MINUTES, TAHAJJUD_NIGHTS, TAHAJJUD_POINTS } from '@fajr/api/contracts/schedules.contract';
import { Box, FormControlLabel, FormHelperText, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../api/query-keys';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { formatNumber } from '../../../lib/numbers';
import { useSession } from '../../../lib/session';
import { saveToggle } from '../api/settings.api';

type Point = (typeof TAHAJJUD_POINTS)[number];
type Nights = (typeof TAHAJJUD_NIGHTS)[number];
interface Choice {
  on: boolean;
  point: Point;
  minutes: number;
  nights: Nights;
}

/** The call never comes within this many minutes of the Fajr call (activities' TAHAJJUD_CLEAR_OF_FAJR_CALL_MINUTES). */
const CLEAR_OF_FAJR_CALL_MINUTES = 30;
/** The minutes before Fajr offered (the API takes any whole number from 30 to 180). */
export const TAHAJJUD_MINUTES_CHOICES = [30, 45, 60, 90, 120, 150, 180] as const;

const POINT_KEYS: Record<Point, string> = {
  start: 'tahajjudCall.pointStart',
  middle: 'tahajjudCall.pointMiddle',
  before_fajr: 'tahajjudCall.pointBeforeFajr',
};
const NIGHT_KEYS: Record<Nights, string> = {
  every: 'tahajjudCall.nightsEvery',
  mon_thu: 'tahajjudCall.nightsMonThu',
  ramadan_last10: 'tahajjudCall.nightsRamadan',
};

/**
 * Tahajjud calls (Premium; issue 47 point 4): a call in the last third of the night (from the user's
 * sunset to Fajr) at its start, middle, or N minutes before Fajr, on the nights chosen. Saved the moment
 * anything changes, like the other switches. Below Premium: off and disabled, under the repeat's gate.
 */
export function TahajjudCall({ user, isPremium }: { user: User; isPremium: boolean }) {
  const { t } = useTranslation('settings');
  const { reloadUser } = useSession();
  const [shown, setShown] = useState<Choice>({
    // An API from before the setting sends none of these: off, at the defaults.
    on: user.tahajjudCall ?? false,
    point: user.tahajjudPoint ?? 'start',
    minutes: user.tahajjudMinutes ?? TAHAJJUD_MINUTES.default,
    nights: user.tahajjudNights ?? 'every',
  });
  const save = useAppMutation({
    mutationFn: (next: Choice & { wasOn: boolean }) =>
      saveToggle({
        tahajjudCall: next.on,
        tahajjudPoint: next.point,
        tahajjudMinutes: next.minutes,
        tahajjudNights: next.nights,
      }),
    optimistic: (next) => {
      const before = shown;
      setShown({ on: next.on, point: next.point, minutes: next.minutes, nights: next.nights });
      return () => setShown(before);
    },
    success: (_answer, next) =>
      t(!next.on ? 'tahajjudCall.off' : next.wasOn ? 'tahajjudCall.saved' : 'tahajjudCall.on'),
    onSuccess: () => void reloadUser(),
    invalidates: [queryKeys.user(user.id)],
  });
  const change = (next: Choice) => !save.writing && void save.run({ ...next, wasOn: shown.on });
  return (
    <Box component="section" aria-labelledby="tahajjud-call-title" data-testid="tahajjud-call">
      <FormControlLabel
        id="tahajjud-call-title"
        control={
          <Switch
            checked={shown.on}
            onChange={(e) => change({ ...shown, on: e.target.checked })}
            disabled={!isPremium && !shown.on}
            slotProps={{ input: { 'aria-describedby': 'tahajjud-call-help' } as object }}
          />
        }
        label={t('tahajjudCall.label')}
      />
      <FormHelperText id="tahajjud-call-help">
        {t('tahajjudCall.help', { clear: formatNumber(CLEAR_OF_FAJR_CALL_MINUTES) })}
      </FormHelperText>
      {shown.on && (
        <Stack direction="row" sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1.5 }}>
          <TextField
            id="tahajjud-call-point"
            select
            size="small"
            label={t('tahajjudCall.point')}
            value={shown.point}
            onChange={(e) => change({ ...shown, point: e.target.value as Point })}
            sx={{ minWidth: 220 }}
          >
            {TAHAJJUD_POINTS.map((p) => (
              <MenuItem key={p} value={p}>
                {t(POINT_KEYS[p])}
              </MenuItem>
            ))}
          </TextField>
          {shown.point === 'before_fajr' && (
            <TextField
              id="tahajjud-call-minutes"
              select
              size="small"
              label={t('tahajjudCall.minutes')}
              value={shown.minutes}
              onChange={(e) => change({ ...shown, minutes: Number(e.target.value) })}
              sx={{ minWidth: 220 }}
            >
              {[...new Set([...TAHAJJUD_MINUTES_CHOICES, shown.minutes])]
                .sort((a, b) => a - b)
                .map((m) => (
                  <MenuItem key={m} value={m}>
                    {t('tahajjudCall.minutesOption', { minutes: m })}
                  </MenuItem>
                ))}
            </TextField>
          )}
          <TextField
            id="tahajjud-call-nights"
            select
            size="small"
            label={t('tahajjudCall.nights')}
            value={shown.nights}
            onChange={(e) => change({ ...shown, nights: e.target.value as Nights })}
            sx={{ minWidth: 220 }}
          >
            {TAHAJJUD_NIGHTS.map((n) => (
              <MenuItem key={n} value={n}>
                {t(NIGHT_KEYS[n])}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
    </Box>
  );
}
