import AlarmIcon from '@mui/icons-material/Alarm';
import CallIcon from '@mui/icons-material/Call';
import CallEndIcon from '@mui/icons-material/CallEnd';
import MosqueIcon from '@mui/icons-material/Mosque';
import RepeatIcon from '@mui/icons-material/Repeat';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { clock, enter, type SceneProps } from './parts';

/** Scene 3: the phone rings at the call time, is answered, and the adhaan plays. */

const wiggle = keyframes`0%, 100% { transform: rotate(0); } 20% { transform: rotate(-14deg); } 40% { transform: rotate(12deg); } 60% { transform: rotate(-8deg); } 80% { transform: rotate(6deg); }`;
const ring = keyframes`from { transform: scale(1); } to { transform: scale(1.6); }`;
const bar = keyframes`0%, 100% { transform: scaleY(0.3); } 50% { transform: scaleY(1); }`;

const ANSWER_AT = 2600;

function RoundButton({ icon, color, pressed }: { icon: ReactNode; color: 'success' | 'error'; pressed?: boolean }) {
  return (
    <Box
      sx={{
        width: 48,
        height: 48,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        bgcolor: `${color}.main`,
        color: `${color}.contrastText`,
        transform: pressed ? 'scale(0.85)' : undefined,
        transition: 'transform 150ms',
      }}
    >
      {icon}
    </Box>
  );
}

export function MorningCall({ at, still }: SceneProps) {
  const { t } = useTranslation('landing');
  const answered = at >= ANSWER_AT;
  const seconds = Math.floor((at - ANSWER_AT) / 1000);
  return (
    <Stack direction="row" spacing={4} sx={{ alignItems: 'center' }}>
      <Paper
        elevation={8}
        sx={{
          width: 176,
          height: 320,
          borderRadius: 6,
          border: 6,
          borderColor: '#2b3140',
          p: 2,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
        }}
      >
        <Typography sx={{ fontSize: 13, fontWeight: 600 }}>5:12</Typography>
        <Box sx={{ position: 'relative', mt: 3, mb: 1.5 }}>
          {!answered && !still && (
            <Box
              sx={{
                position: 'absolute',
                inset: 0,
                borderRadius: '50%',
                border: 2,
                borderColor: 'primary.main',
                animation: `${ring} 1.2s ease-out infinite`,
              }}
            />
          )}
          <Box
            sx={{
              width: 64,
              height: 64,
              borderRadius: '50%',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              display: 'grid',
              placeItems: 'center',
            }}
          >
            {answered ? (
              <MosqueIcon fontSize="large" />
            ) : (
              <AlarmIcon fontSize="large" sx={still ? undefined : { animation: `${wiggle} 1s ease-in-out infinite` }} />
            )}
          </Box>
        </Box>
        <Typography sx={{ fontWeight: 700, fontSize: 16 }}>{t('demo.call.caller')}</Typography>
        <Typography sx={{ fontSize: 13 }} color="text.secondary">
          {answered ? t('demo.call.playing') : t('demo.call.incoming')}
        </Typography>
        {answered && (
          <Typography sx={{ fontSize: 13, fontVariantNumeric: 'tabular-nums' }}>
            0:{String(Math.max(0, seconds)).padStart(2, '0')}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {answered ? (
          <Box key="adhaan" sx={{ width: '100%', ...enter(still) }}>
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ justifyContent: 'center', alignItems: 'flex-end', height: 32, mb: 2 }}
            >
              {[0, 1, 2, 3, 4].map((i) => (
                <Box
                  key={i}
                  sx={{
                    width: 6,
                    height: 32,
                    borderRadius: 1,
                    bgcolor: 'success.main',
                    transformOrigin: 'bottom',
                    ...(still
                      ? { transform: `scaleY(${0.4 + (i % 3) * 0.3})` }
                      : { animation: `${bar} 900ms ${i * 150}ms ease-in-out infinite` }),
                  }}
                />
              ))}
            </Stack>
            <Stack direction="row" sx={{ justifyContent: 'center' }}>
              <RoundButton icon={<CallEndIcon />} color="error" />
            </Stack>
          </Box>
        ) : (
          <Stack direction="row" sx={{ width: '100%', justifyContent: 'space-around' }}>
            <Stack sx={{ alignItems: 'center' }}>
              <RoundButton icon={<CallEndIcon />} color="error" />
              <Typography sx={{ fontSize: 12, mt: 0.5 }}>{t('demo.call.decline')}</Typography>
            </Stack>
            <Stack sx={{ alignItems: 'center' }}>
              <RoundButton icon={<CallIcon />} color="success" pressed={at >= ANSWER_AT - 400} />
              <Typography sx={{ fontSize: 12, mt: 0.5 }}>{t('demo.call.answer')}</Typography>
            </Stack>
          </Stack>
        )}
      </Paper>
      <Stack spacing={2} sx={{ width: 250 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography sx={{ fontWeight: 700, fontSize: 17 }}>
            {answered ? t('demo.call.playing') : t('demo.call.ringing', { time: clock('05:12') })}
          </Typography>
          <Typography sx={{ fontSize: 14 }} color="text.secondary">
            {answered ? t('demo.call.playingText') : t('demo.call.ringingText')}
          </Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <RepeatIcon color="secondary" />
          <Typography sx={{ fontSize: 14 }}>
            <Trans t={t} i18nKey="demo.call.premium" components={{ b: <b /> }} />
          </Typography>
        </Paper>
      </Stack>
    </Stack>
  );
}
