import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, type Control, useWatch } from 'react-hook-form';
import type { PrayerCalcData } from '../../../api/data.api';
import type { SettingsValues } from '../settings-form';
import { RequestMosqueDialog } from './RequestMosqueDialog';

/** The 'Pray at Mosque' tab: the mosque selector with its address, and 'Can't find your Mosque?'. */
export default function MosqueTab({ control, data }: { control: Control<SettingsValues>; data: PrayerCalcData | null }) {
  const [requestOpen, setRequestOpen] = useState(false);
  const mosqueId = useWatch({ control, name: 'mosqueId' });
  const mosques = data?.mosques ?? [];
  const chosen = mosques.find((m) => m.id === mosqueId);
  return (
    <Stack spacing={2}>
      <Controller
        name="mosqueId"
        control={control}
        render={({ field }) => (
          <TextField
            id="settings-mosque"
            select
            fullWidth
            label="Mosque"
            {...field}
            value={mosques.some((m) => m.id === field.value) ? field.value : ''}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Please select a mosque</MenuItem>
            {mosques.map((m) => (
              <MenuItem key={m.id} value={m.id}>
                {m.mosqueName}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {chosen && (
        <Typography color="text.secondary" data-testid="mosque-address">
          {chosen.mosqueAddr}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        We call you 30 minutes before your mosque's Fajr jama'ah.
      </Typography>
      <Button variant="text" onClick={() => setRequestOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        Can't find your Mosque?
      </Button>
      <RequestMosqueDialog open={requestOpen} onClose={() => setRequestOpen(false)} />
    </Stack>
  );
}
