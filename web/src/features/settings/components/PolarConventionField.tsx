/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { MenuItem, TextField, Typography } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import { POLAR_CONVENTION_LABELS, type PolarConvention, type SettingsValues } from '../settings-form';
import { WRAPPING_SELECT_SX } from './SelectWrap';

/** What happens on days without sunrise or sunset (polar day and night), and why the choice exists. */
export function PolarConventionField({ control }: { control: Control<SettingsValues> }) {
  return (
    <div>
      <Controller
        name="polarConvention"
        control={control}
        render={({ field }) => (
          <TextField
            id="settings-polar"
            select
            fullWidth
            label="When the sun does not rise or set"
            sx={WRAPPING_SELECT_SX}
            {...field}
          >
            {(Object.keys(POLAR_CONVENTION_LABELS) as PolarConvention[]).map((c) => (
              <MenuItem key={c} value={c} sx={{ whiteSpace: 'normal' }}>
                {POLAR_CONVENTION_LABELS[c]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Near the poles some days have no sunrise or no night, so no Fajr time can be calculated. Choose the rule your
        community follows on those days; your schedule names it on every day it is used.
      </Typography>
    </div>
  );
}
