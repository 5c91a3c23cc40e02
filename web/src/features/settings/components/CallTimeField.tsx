import { MenuItem, TextField } from '@mui/material';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PrayerCalcData } from '../../../api/data.api';
import { formatNumber } from '../../../lib/numbers';
import { DEFAULT_CALL_TIME_PREF, gateHelperSx, type SettingsValues } from '../settings-form';
import { Gate } from './Gate';

/**
 * The Fajr call time preference (a Plus feature): minutes after Fajr starts, or before sunrise (never before
 * Fajr); mosque calls come at the member's own lead before the jamaah.
 */
export function CallTimeField({
  control,
  data,
  isPlus,
  atMosque,
}: {
  control: Control<SettingsValues>;
  data: PrayerCalcData | null;
  isPlus: boolean;
  atMosque: boolean;
}) {
  const { t } = useTranslation('settings');
  const lead = useWatch({ control, name: 'mosqueLeadMinutes' });
  return (
    <Controller
      name="fajrCallTimePrefTitle"
      control={control}
      render={({ field }) => {
        const prefs = data?.fajrCallTimePrefs ?? [];
        // Counted back from sunrise (issue 47 point 2): the call never comes before Fajr, and the help says so.
        const fromSunrise = prefs.find((p) => p.title === field.value)?.relativeTo === 'sunrise';
        return (
          <TextField
            id="settings-call-time"
            select
            fullWidth
            label={t('callTime.label')}
            {...field}
            value={prefs.some((p) => p.title === field.value) ? field.value : ''}
            onChange={(e) => field.onChange(e.target.value || DEFAULT_CALL_TIME_PREF)}
            disabled={!isPlus}
            helperText={
              isPlus ? (
                atMosque ? (
                  t('callTime.mosqueHelp', { minutes: formatNumber(lead) })
                ) : fromSunrise ? (
                  t('callTime.sunriseHelp')
                ) : undefined
              ) : (
                <Gate plan="plus" />
              )
            }
            slotProps={{ formHelperText: { sx: gateHelperSx } }}
          >
            {prefs.map((p) => (
              <MenuItem key={p.title} value={p.title}>
                {p.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
