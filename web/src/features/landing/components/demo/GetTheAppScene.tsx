/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import AndroidIcon from '@mui/icons-material/Android';
import AppleIcon from '@mui/icons-material/Apple';
import MosqueIcon from '@mui/icons-material/Mosque';
import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { enter, type SceneProps } from './parts';

/** Scene 5: the app and its store badges. */

function StoreBadge({ icon, small, big }: { icon: ReactNode; small: string; big: string }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        bgcolor: '#000',
        color: '#fff',
        border: 1,
        borderColor: '#8a8a8a',
        borderRadius: 2,
        px: 1.75,
        py: 0.75,
      }}
    >
      {icon}
      <Box sx={{ textAlign: 'left' }}>
        <Typography sx={{ fontSize: 11, lineHeight: 1.2 }}>{small}</Typography>
        <Typography sx={{ fontSize: 17, fontWeight: 700, lineHeight: 1.2 }}>{big}</Typography>
      </Box>
    </Box>
  );
}

export function GetTheApp({ t, still }: SceneProps) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Box
        sx={{
          width: 72,
          height: 72,
          borderRadius: 4,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <MosqueIcon sx={{ fontSize: 44 }} />
      </Box>
      <Typography sx={{ fontSize: 30, fontWeight: 800 }}>Never miss Fajr again</Typography>
      <Typography sx={{ fontSize: 17 }} color="text.secondary">
        Free to try. Available on iPhone and Android.
      </Typography>
      {t >= 600 && (
        <Stack direction="row" spacing={2} sx={enter(still)}>
          <StoreBadge icon={<AppleIcon />} small="Download on the" big="App Store" />
          <StoreBadge icon={<AndroidIcon />} small="Get it on" big="Google Play" />
        </Stack>
      )}
    </Stack>
  );
}
