import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PrayerCalcData } from '../../../api/data.api';
import { formatNumber } from '../../../lib/numbers';
import { MOSQUE_CALL_LEAD_MINUTES } from '../mosque-lead';

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
  leadMinutes,
}: {
  id: string;
  mosques: PrayerCalcData['mosques'];
  value: string | null;
  onChange: (mosqueId: string) => void;
  onBlur?: () => void;
  /** How long before the jama'ah this person is called (their choice); absent: SPEC's 30. */
  leadMinutes?: number;
}) {
  const { t } = useTranslation('settings');
  const chosen = mosques.find((m) => m.id === value);
  return (
    <Stack spacing={2}>
      <TextField
        id={id}
        select
        fullWidth
        label={t('mosque.label')}
        value={chosen ? chosen.id : ''}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('mosque.placeholder')}</MenuItem>
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
        {t('mosque.when', { minutes: formatNumber(leadMinutes ?? MOSQUE_CALL_LEAD_MINUTES) })}
      </Typography>
    </Stack>
  );
}
