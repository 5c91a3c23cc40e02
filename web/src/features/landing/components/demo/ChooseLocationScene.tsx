/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import MosqueIcon from '@mui/icons-material/Mosque';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { Card, Field, enter, type SceneProps } from './parts';

/** Scene 1: a city typed and chosen, then the mosque tab. */

const blink = keyframes`50% { border-color: transparent; }`;

const CITY = 'London';
const MOSQUE_AT = 3300;

export function ChooseLocation({ t, still }: SceneProps) {
  const atMosque = t >= MOSQUE_AT;
  const typed = CITY.slice(0, Math.max(0, Math.floor((t - 300) / 170)));
  const listOpen = t >= 1200 && t < 2300;
  const chosen = t >= 2300;
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
    <Card title="Fajr Call Settings & Prayer Calculations">
      <Stack direction="row" spacing={2} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {tab('Pray at Home', !atMosque)}
        {tab('Pray at Mosque', atMosque)}
      </Stack>
      {atMosque ? (
        <Box key="mosque" sx={enter(still)}>
          <Field label="Mosque">
            <MosqueIcon fontSize="small" color="primary" /> East London Mosque
          </Field>
          <Typography sx={{ fontSize: 14, mt: 1 }} color="text.secondary">
            82-92 Whitechapel Rd, London E1 1JQ
          </Typography>
          <Typography sx={{ fontSize: 14, mt: 1.5 }}>We call you 30 minutes before the Fajr jama&apos;ah.</Typography>
        </Box>
      ) : (
        <Box key="home" sx={{ position: 'relative' }}>
          <Field label="City">
            {chosen ? 'London, United Kingdom' : typed}
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
              {['London, United Kingdom', 'Londonderry, United Kingdom'].map((c, i) => (
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
            Fajr time is calculated from your city.
          </Typography>
        </Box>
      )}
    </Card>
  );
}
