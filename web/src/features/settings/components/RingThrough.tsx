import { Box, Chip, FormHelperText, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DndGuide } from '../../../components/DndGuide';

/**
 * Plus's Do Not Disturb detection, which has no switch (it is on for every Plus user): what it does,
 * that it is on, and how to help it (docs/CALLS.md "Do-not-disturb detection"). Below Plus, the gate.
 */
export function RingThrough({ isPlus, gate }: { isPlus: boolean; gate: ReactNode }) {
  const { t } = useTranslation('settings');
  return (
    <Box component="section" aria-labelledby="ring-through-title" data-testid="ring-through">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography id="ring-through-title" component="h3" sx={{ fontWeight: 500 }}>
          {t('ringThrough.title')}
        </Typography>
        <Chip
          size="small"
          label={isPlus ? t('ringThrough.on') : t('ringThrough.plus')}
          color={isPlus ? 'success' : 'default'}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('ringThrough.text')}
      </Typography>
      {!isPlus && <FormHelperText>{gate}</FormHelperText>}
      <DndGuide />
    </Box>
  );
}
