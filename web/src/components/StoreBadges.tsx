import { Box, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { env } from '../config/env';

// Read by screen readers, not shown.
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

function AppleMark() {
  return (
    <Box component="svg" viewBox="0 0 24 24" aria-hidden="true" sx={{ width: 26, height: 26, fill: 'currentColor' }}>
      <path d="M16.4 12.7c0-2.5 2-3.6 2.1-3.7-1.2-1.7-3-1.9-3.6-2-1.5-.2-3 .9-3.8.9-.8 0-2-.9-3.3-.9-1.7 0-3.3 1-4.2 2.5-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8s2 .8 3.3.8c1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.8-1.1-2.8-4.2zM14 5.2c.7-.8 1.2-2 1-3.2-1 .1-2.2.7-3 1.5-.6.7-1.2 1.9-1 3.1 1.1.1 2.3-.6 3-1.4z" />
    </Box>
  );
}

function PlayMark() {
  return (
    <Box component="svg" viewBox="0 0 24 24" aria-hidden="true" sx={{ width: 24, height: 24 }}>
      <path fill="#34a853" d="M3.6 1.8 13.4 12l-9.8 10.2c-.4-.2-.6-.7-.6-1.2V3c0-.5.2-1 .6-1.2z" />
      <path fill="#fbbc04" d="m17 8.4-3.6 3.6 3.6 3.6 3.9-2.2c.9-.5.9-1.8 0-2.3L17 8.4z" />
      <path fill="#4285f4" d="M3.6 1.8c.3-.2.8-.2 1.2 0L17 8.4 13.4 12 3.6 1.8z" />
      <path fill="#ea4335" d="M13.4 12 17 15.6 4.8 22.2c-.4.2-.9.2-1.2 0L13.4 12z" />
    </Box>
  );
}

function Badge({
  href,
  small,
  big,
  mark,
  store,
}: {
  href: string;
  small: string;
  big: string;
  mark: React.ReactNode;
  store: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      startIcon={mark}
      sx={{
        bgcolor: '#000',
        color: '#fff',
        border: '1px solid #a6a6a6',
        borderRadius: 2,
        px: 2,
        py: 0.75,
        minWidth: 170,
        justifyContent: 'flex-start',
        '&:hover': { bgcolor: '#222' },
      }}
    >
      <Box
        component="span"
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', lineHeight: 1.1 }}
      >
        <Box component="span" sx={{ fontSize: 11, fontWeight: 400 }}>
          {small}{' '}
        </Box>
        <Box component="span" sx={{ fontSize: 18, fontWeight: 600 }}>
          {big}
        </Box>
        <Box component="span" sx={visuallyHidden}>
          {' '}
          {t('storeBadges.newTab', { store })}
        </Box>
      </Box>
    </Button>
  );
}

/**
 * App Store and Google Play badges, drawn here (no downloaded images) and linked to the store listings.
 * Each badge shows only when its listing is configured; with neither, nothing is rendered.
 */
export function StoreBadges({ justify = 'center' }: { justify?: 'center' | 'flex-start' }) {
  const apple = env.VITE_APP_STORE_URL;
  const google = env.VITE_PLAY_STORE_URL;
  const { t } = useTranslation();
  if (!apple && !google) return null;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: justify }}>
      {apple && (
        <Badge href={apple} small={t('storeBadges.appleSmall')} big="App Store" store="Apple" mark={<AppleMark />} />
      )}
      {google && (
        <Badge
          href={google}
          small={t('storeBadges.googleSmall')}
          big="Google Play"
          store="Google"
          mark={<PlayMark />}
        />
      )}
    </Stack>
  );
}
