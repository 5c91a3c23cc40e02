import { MenuItem, TextField, Typography } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { POLAR_CONVENTIONS_OFFERED, type SettingsValues } from '../settings-form';
import { WRAPPING_SELECT_SX } from './SelectWrap';

/** What happens on days without sunrise or sunset (polar day and night), and why the choice exists. */
export function PolarConventionField({ control }: { control: Control<SettingsValues> }) {
  const { t } = useTranslation('settings');
  return (
    <div>
      <Controller
        name="polarConvention"
        control={control}
        render={({ field }) => (
          <TextField id="settings-polar" select fullWidth label={t('polar.label')} sx={WRAPPING_SELECT_SX} {...field}>
            {POLAR_CONVENTIONS_OFFERED.map((c) => (
              <MenuItem key={c} value={c} sx={{ whiteSpace: 'normal' }}>
                {t(`polar.options.${c}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('polar.help')}
      </Typography>
    </div>
  );
}
