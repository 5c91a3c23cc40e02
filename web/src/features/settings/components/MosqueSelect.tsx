/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { PrayerCalcData } from '../../../api/data.api';

/**
 * The mosque selector with the chosen mosque's address and when we call: the settings' 'Pray at
 * Mosque' tab and a Fajr friend's consent page (a mosque instead of a city).
 */
export function MosqueSelect({
  id,
  mosques,
  value,
  onChange,
  onBlur,
}: {
  id: string;
  mosques: PrayerCalcData['mosques'];
  value: string | null;
  onChange: (mosqueId: string) => void;
  onBlur?: () => void;
}) {
  const chosen = mosques.find((m) => m.id === value);
  return (
    <Stack spacing={2}>
      <TextField
        id={id}
        select
        fullWidth
        label="Mosque"
        value={chosen ? chosen.id : ''}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Please select a mosque</MenuItem>
        {mosques.map((m) => (
          <MenuItem key={m.id} value={m.id}>
            {m.mosqueName}
          </MenuItem>
        ))}
      </TextField>
      {chosen && (
        <Typography color="text.secondary" data-testid="mosque-address">
          {chosen.mosqueAddr}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        We call you 30 minutes before your mosque's Fajr jama'ah.
      </Typography>
    </Stack>
  );
}
