import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import MosqueIcon from '@mui/icons-material/Mosque';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Card, Field, enter, type SceneProps } from './parts';

/** Scene 1: a city typed and chosen, then the mosque tab. */

const blink = keyframes`50% { border-color: transparent; }`;

// Places are names, shown as the app's city search and mosque list show them (not translated).
const CITY = 'London';
const CITY_OPTIONS = ['London, United Kingdom', 'Londonderry, United Kingdom'];
const MOSQUE = { name: 'East London Mosque', address: '82-92 Whitechapel Rd, London E1 1JQ' };
const MOSQUE_AT = 3300;

export function ChooseLocation({ at, still }: SceneProps) {
  const { t } = useTranslation('landing');
  const atMosque = at >= MOSQUE_AT;
  const typed = CITY.slice(0, Math.max(0, Math.floor((at - 300) / 170)));
  const listOpen = at >= 1200 && at < 2300;
  const chosen = at >= 2300;
  const tab = (label: string, selected: boolean) => (
    <Typography
      sx={{
        fontSize: 15,
        fontWeight: 600,
        pb: 0.75,
        px: 1,
        borderBottom: 3,
        borderColor: selected ? 'primary.main' : 'transparent',
        color: selected ? 'primary.main' : 'text.secondary',
      }}
    >
      {label}
    </Typography>
  );
  return (
    <Card title={t('demo.location.card')}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {tab(t('demo.location.home'), !atMosque)}
        {tab(t('demo.location.mosque'), atMosque)}
      </Stack>
      {atMosque ? (
        <Box key="mosque" sx={enter(still)}>
          <Field label={t('demo.location.mosqueField')}>
            <MosqueIcon fontSize="small" color="primary" /> <bdi>{MOSQUE.name}</bdi>
          </Field>
          <Typography sx={{ fontSize: 14, mt: 1 }} color="text.secondary">
            {/* An English address keeps its own order in a right-to-left page. */}
            <bdi>{MOSQUE.address}</bdi>
          </Typography>
          <Typography sx={{ fontSize: 14, mt: 1.5 }}>{t('demo.location.beforeJamaah')}</Typography>
        </Box>
      ) : (
        <Box key="home" sx={{ position: 'relative' }}>
          <Field label={t('demo.location.city')}>
            {chosen ? CITY_OPTIONS[0] : typed}
            {!chosen && (
              <Box
                component="span"
                sx={{
                  height: 20,
                  borderRight: 2,
                  borderColor: 'text.primary',
                  ml: '-6px',
                  ...(still ? {} : { animation: `${blink} 1s step-end infinite` }),
                }}
              />
            )}
          </Field>
          {listOpen && (
            <Paper
              elevation={6}
              sx={{ position: 'absolute', left: 0, right: 0, top: 54, zIndex: 1, py: 0.5, ...enter(still) }}
            >
              {CITY_OPTIONS.map((c, i) => (
                <Typography
                  key={c}
                  sx={{ fontSize: 15, px: 1.5, py: 0.75, bgcolor: i === 0 ? 'action.selected' : undefined }}
                >
                  {c}
                </Typography>
              ))}
            </Paper>
          )}
          <Typography
            sx={{ fontSize: 14, mt: 1.5, display: 'flex', alignItems: 'center', gap: 0.75 }}
            color="text.secondary"
          >
            {chosen && <CheckCircleIcon fontSize="small" color="success" />}
            {t('demo.location.fromCity')}
          </Typography>
        </Box>
      )}
    </Card>
  );
}
