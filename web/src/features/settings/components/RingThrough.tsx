/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Box, Chip, FormHelperText, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { DndGuide } from '../../../components/DndGuide';

/**
 * Plus's Do Not Disturb detection, which has no switch (it is on for every Plus user): what it does,
 * that it is on, and how to help it (docs/CALLS.md "Do-not-disturb detection"). Below Plus, the gate.
 */
export function RingThrough({ isPlus, gate }: { isPlus: boolean; gate: ReactNode }) {
  return (
    <Box component="section" aria-labelledby="ring-through-title" data-testid="ring-through">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography id="ring-through-title" component="h3" sx={{ fontWeight: 500 }}>
          Ring through Do Not Disturb
        </Typography>
        <Chip size="small" label={isPlus ? 'On' : 'Plus'} color={isPlus ? 'success' : 'default'} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        If your phone declines or silences our Fajr call (Do Not Disturb, Sleep or a Focus), we call again at once from
        the same number. iPhones with &quot;Allow Repeated Calls&quot; and Android phones with &quot;Repeat
        callers&quot; let that second call ring.
      </Typography>
      {!isPlus && <FormHelperText>{gate}</FormHelperText>}
      <DndGuide />
    </Box>
  );
}
