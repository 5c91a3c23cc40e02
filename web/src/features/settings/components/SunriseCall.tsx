import type { User } from '@fajr/api/contracts/users.contract';
import { Box, FormControlLabel, FormHelperText, MenuItem, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../api/query-keys';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { formatNumber } from '../../../lib/numbers';
import { useSession } from '../../../lib/session';
import { saveToggle } from '../api/settings.api';

/** The call never comes in the last minutes before sunrise (activities' SUNRISE_CALL_LATEST_MINUTES). */
const SUNRISE_CALL_LATEST_MINUTES = 5;

/** The minutes before sunrise offered (the API takes any whole number from 5 to 40). */
export const SUNRISE_MINUTES_CHOICES = [5, 10, 15, 20, 25, 30, 35, 40] as const;
const SUNRISE_MINUTES_DEFAULT = 20;

/**
 * The last call before sunrise (Premium; issue 47 point 1): one more call N minutes before sunrise when
 * the morning's calls (the repeat included) woke nobody. The switch and the minutes are saved the moment
 * they change, like the other switches. Below Premium: off and disabled, under the repeat's gate.
 */
export function SunriseCall({ user, isPremium }: { user: User; isPremium: boolean }) {
  const { t } = useTranslation('settings');
  const { reloadUser } = useSession();
  const [shown, setShown] = useState({
    // An API from before the setting sends neither: off, at the default.
    on: user.sunriseCall ?? false,
    minutes: user.sunriseCallMinutes ?? SUNRISE_MINUTES_DEFAULT,
  });
  // `wasOn` tells a switch that flipped (enabled/disabled) from new minutes for a call already on (saved).
  const save = useAppMutation({
    mutationFn: (next: { on: boolean; minutes: number; wasOn: boolean }) =>
      saveToggle({ sunriseCall: next.on, sunriseCallMinutes: next.minutes }),
    optimistic: (next) => {
      const before = shown;
      setShown({ on: next.on, minutes: next.minutes });
      return () => setShown(before);
    },
    success: (_answer, next) => t(!next.on ? 'sunriseCall.off' : next.wasOn ? 'sunriseCall.saved' : 'sunriseCall.on'),
    onSuccess: () => void reloadUser(),
    invalidates: [queryKeys.user(user.id)],
  });
  const change = (next: { on: boolean; minutes: number }) =>
    !save.writing && void save.run({ ...next, wasOn: shown.on });
  return (
    <Box component="section" aria-labelledby="sunrise-call-title" data-testid="sunrise-call">
      <FormControlLabel
        id="sunrise-call-title"
        control={
          <Switch
            checked={shown.on}
            onChange={(e) => change({ ...shown, on: e.target.checked })}
            disabled={!isPremium && !shown.on}
            slotProps={{ input: { 'aria-describedby': 'sunrise-call-help' } as object }}
          />
        }
        label={t('sunriseCall.label')}
      />
      {/* Below Premium the switch is off and disabled: the repeat's gate just above names the plan. */}
      <FormHelperText id="sunrise-call-help">
        {t('sunriseCall.help', { latest: formatNumber(SUNRISE_CALL_LATEST_MINUTES) })}
      </FormHelperText>
      {shown.on && (
        <TextField
          id="sunrise-call-minutes"
          select
          size="small"
          label={t('sunriseCall.minutes')}
          value={shown.minutes}
          onChange={(e) => change({ ...shown, minutes: Number(e.target.value) })}
          sx={{ mt: 1.5, minWidth: 220 }}
        >
          {[...new Set([...SUNRISE_MINUTES_CHOICES, shown.minutes])]
            .sort((a, b) => a - b)
            .map((m) => (
              <MenuItem key={m} value={m}>
                {t('sunriseCall.minutesOption', { minutes: m })}
              </MenuItem>
            ))}
        </TextField>
      )}
    </Box>
  );
}
