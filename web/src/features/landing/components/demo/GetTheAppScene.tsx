import AndroidIcon from '@mui/icons-material/Android';
import AppleIcon from '@mui/icons-material/Apple';
import MosqueIcon from '@mui/icons-material/Mosque';
import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { enter, type SceneProps } from './parts';

/** Scene 5: the app and its store badges. */

// The stores' names, the same in every language.
const APP_STORE = 'App Store';
const GOOGLE_PLAY = 'Google Play';

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
      <Box sx={{ textAlign: 'start' }}>
        <Typography sx={{ fontSize: 11, lineHeight: 1.2 }}>{small}</Typography>
        <Typography sx={{ fontSize: 17, fontWeight: 700, lineHeight: 1.2 }}>{big}</Typography>
      </Box>
    </Box>
  );
}

export function GetTheApp({ at, still }: SceneProps) {
  const { t } = useTranslation('landing');
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
      <Typography sx={{ fontSize: 30, fontWeight: 800 }}>{t('hero.title')}</Typography>
      <Typography sx={{ fontSize: 17 }} color="text.secondary">
        {t('getApp.text')}
      </Typography>
      {at >= 600 && (
        <Stack direction="row" spacing={2} sx={enter(still)}>
          <StoreBadge icon={<AppleIcon />} small={t('demo.getApp.appStore')} big={APP_STORE} />
          <StoreBadge icon={<AndroidIcon />} small={t('demo.getApp.googlePlay')} big={GOOGLE_PLAY} />
        </Stack>
      )}
    </Stack>
  );
}
