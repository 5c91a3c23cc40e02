import { MenuItem, TextField, Typography } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PrayerCalcData } from '../../../api/data.api';
import { isolated } from '../bidi-text';
import type { SettingsValues } from '../settings-form';
import { WRAPPING_SELECT_SX } from './SelectWrap';

type HighLat = PrayerCalcData['prayerCalcHighLats'][number];

/** The high-latitude rule, what it does, and when the chosen method overrides it with its own. */
export function HighLatitudeField({
  control,
  hlats,
  hlatInfo,
  ownRule,
}: {
  control: Control<SettingsValues>;
  hlats: HighLat[];
  hlatInfo?: HighLat;
  ownRule?: string | null;
}) {
  const { t } = useTranslation('settings');
  return (
    <div>
      <Controller
        name="prayerCalcHlat"
        control={control}
        render={({ field }) => (
          <TextField
            id="settings-hlat"
            select
            fullWidth
            label={t('highLatitude.label')}
            sx={WRAPPING_SELECT_SX}
            {...field}
            value={hlats.some((h) => h.name === field.value) ? field.value : ''}
          >
            {hlats.map((h) => (
              <MenuItem key={h.name} value={h.name}>
                {h.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {hlatInfo?.description ?? t('highLatitude.defaultDescription')}
      </Typography>
      {ownRule && (
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="own-hlat-rule">
          {t('highLatitude.ownRule', isolated({ rule: ownRule }))}
        </Typography>
      )}
    </div>
  );
}
