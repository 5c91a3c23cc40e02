import AlarmIcon from '@mui/icons-material/Alarm';
import AndroidIcon from '@mui/icons-material/Android';
import AppleIcon from '@mui/icons-material/Apple';
import CallIcon from '@mui/icons-material/Call';
import CallEndIcon from '@mui/icons-material/CallEnd';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import MosqueIcon from '@mui/icons-material/Mosque';
import RepeatIcon from '@mui/icons-material/Repeat';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import type { ReactNode } from 'react';

// The demo's scenes, drawn with MUI on a 640 x 360 stage that the player scales like a video. Each
// scene is a pure function of the time it has been showing (`t`, ms), so pausing freezes it and a
// test can render any moment. Only transforms move: axe checks the contrast of this (aria-hidden)
// text too, so nothing fades through low-contrast opacity.

/** The stage's drawing size (16:9). */
export const STAGE = { width: 640, height: 360 } as const;

export interface SceneProps {
  /** Time since the scene started, in ms (its full duration shows the finished scene). */
  t: number;
  /** Transitions off: `prefers-reduced-motion`. */
  still: boolean;
}

export interface DemoScene {
  title: string;
  /** What the scene shows, in words: the caption, and the whole scene for a screen reader. */
  caption: string;
  duration: number;
  Visual: (props: SceneProps) => ReactNode;
}

const slideIn = keyframes`from { transform: translateY(10px); } to { transform: none; }`;
const wiggle = keyframes`0%, 100% { transform: rotate(0); } 20% { transform: rotate(-14deg); } 40% { transform: rotate(12deg); } 60% { transform: rotate(-8deg); } 80% { transform: rotate(6deg); }`;
const ring = keyframes`from { transform: scale(1); } to { transform: scale(1.6); }`;
const bar = keyframes`0%, 100% { transform: scaleY(0.3); } 50% { transform: scaleY(1); }`;
const blink = keyframes`50% { border-color: transparent; }`;

/** Entrance of a part that appears during a scene. */
const enter = (still: boolean) => (still ? {} : { animation: `${slideIn} 300ms ease-out` });

function Card({ title, children, width = 470 }: { title: string; children: ReactNode; width?: number }) {
  return (
    <Paper variant="outlined" sx={{ width, p: 2.5, borderRadius: 3 }}>
      <Typography sx={{ fontWeight: 700, fontSize: 19, mb: 1.5 }}>{title}</Typography>
      {children}
    </Paper>
  );
}

/** An outlined field lookalike (the stage is a picture: nothing in it takes focus). */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ position: 'relative', border: 1, borderColor: 'primary.main', borderRadius: 1.5, px: 1.5, py: 1.25, mt: 1 }}>
      <Typography component="span" sx={{ position: 'absolute', top: -10, left: 10, px: 0.5, fontSize: 13, bgcolor: 'background.paper', color: 'primary.main' }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ fontSize: 17, minHeight: 26, display: 'flex', alignItems: 'center', gap: 1 }}>
        {children}
      </Typography>
    </Box>
  );
}

const CITY = 'London';
const MOSQUE_AT = 3300;

function ChooseLocation({ t, still }: SceneProps) {
  const atMosque = t >= MOSQUE_AT;
  const typed = CITY.slice(0, Math.max(0, Math.floor((t - 300) / 170)));
  const listOpen = t >= 1200 && t < 2300;
  const chosen = t >= 2300;
  const tab = (label: string, selected: boolean) => (
    <Typography sx={{ fontSize: 15, fontWeight: 600, pb: 0.75, px: 1, borderBottom: 3, borderColor: selected ? 'primary.main' : 'transparent', color: selected ? 'primary.main' : 'text.secondary' }}>
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
            {!chosen && <Box component="span" sx={{ height: 20, borderRight: 2, borderColor: 'text.primary', ml: '-6px', ...(still ? {} : { animation: `${blink} 1s step-end infinite` }) }} />}
          </Field>
          {listOpen && (
            <Paper elevation={6} sx={{ position: 'absolute', left: 0, right: 0, top: 54, zIndex: 1, py: 0.5, ...enter(still) }}>
              {['London, United Kingdom', 'Londonderry, United Kingdom'].map((c, i) => (
                <Typography key={c} sx={{ fontSize: 15, px: 1.5, py: 0.75, bgcolor: i === 0 ? 'action.selected' : undefined }}>
                  {c}
                </Typography>
              ))}
            </Paper>
          )}
          <Typography sx={{ fontSize: 14, mt: 1.5, display: 'flex', alignItems: 'center', gap: 0.75 }} color="text.secondary">
            {chosen && <CheckCircleIcon fontSize="small" color="success" />}
            Fajr time is calculated from your city.
          </Typography>
        </Box>
      )}
    </Card>
  );
}

const scheduleRows = [
  { day: 'Today', call: '5:12 AM', fajr: '5:02 AM', sunrise: '7:31 AM' },
  { day: 'Tomorrow', call: '5:13 AM', fajr: '5:03 AM', sunrise: '7:32 AM' },
  { day: 'Wednesday', call: '5:14 AM', fajr: '5:04 AM', sunrise: '7:34 AM' },
];

function Schedule({ t, still }: SceneProps) {
  return (
    <Card title="Fajr Schedule" width={560}>
      <Stack spacing={1.25}>
        {scheduleRows.map((row, i) =>
          t >= 300 + i * 700 ? (
            <Box key={row.day} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', borderLeft: 4, borderColor: 'primary.main', pl: 1.5, py: 0.5, ...enter(still) }}>
              <Box sx={{ width: 124, flexShrink: 0, whiteSpace: 'nowrap' }}>
                <Typography sx={{ fontWeight: 700, fontSize: 15 }}>{row.day}</Typography>
                <Typography sx={{ fontSize: 13 }} color="text.secondary">
                  Sunrise {row.sunrise}
                </Typography>
              </Box>
              <Typography sx={{ fontSize: 14.5 }}>
                We&apos;ll call you at <b>{row.call}</b>. Fajr starts at {row.fajr}.
              </Typography>
            </Box>
          ) : null,
        )}
      </Stack>
    </Card>
  );
}

const ANSWER_AT = 2600;

function RoundButton({ icon, color, pressed }: { icon: ReactNode; color: 'success' | 'error'; pressed?: boolean }) {
  return (
    <Box sx={{ width: 48, height: 48, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: `${color}.main`, color: `${color}.contrastText`, transform: pressed ? 'scale(0.85)' : undefined, transition: 'transform 150ms' }}>
      {icon}
    </Box>
  );
}

function MorningCall({ t, still }: SceneProps) {
  const answered = t >= ANSWER_AT;
  const seconds = Math.floor((t - ANSWER_AT) / 1000);
  return (
    <Stack direction="row" spacing={4} sx={{ alignItems: 'center' }}>
      <Paper elevation={8} sx={{ width: 176, height: 320, borderRadius: 6, border: 6, borderColor: '#2b3140', p: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center' }}>
        <Typography sx={{ fontSize: 13, fontWeight: 600 }}>5:12</Typography>
        <Box sx={{ position: 'relative', mt: 3, mb: 1.5 }}>
          {!answered && !still && <Box sx={{ position: 'absolute', inset: 0, borderRadius: '50%', border: 2, borderColor: 'primary.main', animation: `${ring} 1.2s ease-out infinite` }} />}
          <Box sx={{ width: 64, height: 64, borderRadius: '50%', bgcolor: 'primary.main', color: 'primary.contrastText', display: 'grid', placeItems: 'center' }}>
            {answered ? <MosqueIcon fontSize="large" /> : <AlarmIcon fontSize="large" sx={still ? undefined : { animation: `${wiggle} 1s ease-in-out infinite` }} />}
          </Box>
        </Box>
        <Typography sx={{ fontWeight: 700, fontSize: 16 }}>Fajr</Typography>
        <Typography sx={{ fontSize: 13 }} color="text.secondary">
          {answered ? 'Adhaan playing' : 'Wake-up call…'}
        </Typography>
        {answered && <Typography sx={{ fontSize: 13, fontVariantNumeric: 'tabular-nums' }}>0:{String(Math.max(0, seconds)).padStart(2, '0')}</Typography>}
        <Box sx={{ flexGrow: 1 }} />
        {answered ? (
          <Box key="adhaan" sx={{ width: '100%', ...enter(still) }}>
            <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center', alignItems: 'flex-end', height: 32, mb: 2 }}>
              {[0, 1, 2, 3, 4].map((i) => (
                <Box key={i} sx={{ width: 6, height: 32, borderRadius: 1, bgcolor: 'success.main', transformOrigin: 'bottom', ...(still ? { transform: `scaleY(${0.4 + (i % 3) * 0.3})` } : { animation: `${bar} 900ms ${i * 150}ms ease-in-out infinite` }) }} />
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
              <Typography sx={{ fontSize: 12, mt: 0.5 }}>Decline</Typography>
            </Stack>
            <Stack sx={{ alignItems: 'center' }}>
              <RoundButton icon={<CallIcon />} color="success" pressed={t >= ANSWER_AT - 400} />
              <Typography sx={{ fontSize: 12, mt: 0.5 }}>Answer</Typography>
            </Stack>
          </Stack>
        )}
      </Paper>
      <Stack spacing={2} sx={{ width: 250 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography sx={{ fontWeight: 700, fontSize: 17 }}>{answered ? 'Adhaan playing' : 'Ringing at 5:12 AM'}</Typography>
          <Typography sx={{ fontSize: 14 }} color="text.secondary">
            {answered ? 'Your chosen adhaan plays as soon as you answer.' : 'Your call time, ten minutes after Fajr starts.'}
          </Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <RepeatIcon color="secondary" />
          <Typography sx={{ fontSize: 14 }}>
            <b>Premium:</b> no answer? We call again 10 minutes later.
          </Typography>
        </Paper>
      </Stack>
    </Stack>
  );
}

const callLog = [
  { date: '22 Nov', time: '05:12 AM', duration: 41, answeredBy: 'Answered' },
  { date: '21 Nov', time: '05:11 AM', duration: 0, answeredBy: 'Missed' },
  { date: '20 Nov', time: '05:10 AM', duration: 35, answeredBy: 'Answered' },
];

function MonthlyStats({ t, still }: SceneProps) {
  const answered = Math.min(26, Math.floor(t / 60));
  const missed = Math.min(2, Math.floor(t / 700));
  const count = (label: string, value: number, color: 'success.main' | 'error.main') => (
    <Paper variant="outlined" sx={{ flex: 1, p: 1.5, textAlign: 'center' }}>
      <Typography sx={{ fontSize: 34, fontWeight: 800, lineHeight: 1.1, color }}>{value}</Typography>
      <Typography sx={{ fontSize: 15 }}>{label}</Typography>
    </Paper>
  );
  return (
    <Card title="Monthly Stats" width={460}>
      <Stack direction="row" spacing={1.5} sx={{ mb: 1.5 }}>
        {count('Answered', answered, 'success.main')}
        {count('Missed', missed, 'error.main')}
      </Stack>
      {callLog.map((log, i) =>
        t >= 1800 + i * 400 ? (
          <Box key={log.date} sx={{ display: 'flex', gap: 2, fontSize: 14, py: 0.5, borderTop: 1, borderColor: 'divider', ...enter(still) }}>
            <Typography sx={{ fontSize: 14, width: 56 }}>{log.date}</Typography>
            <Typography sx={{ fontSize: 14, width: 76 }}>{log.time}</Typography>
            <Typography sx={{ fontSize: 14, width: 40 }} color="text.secondary">
              {log.duration}s
            </Typography>
            <Typography sx={{ fontSize: 14, fontWeight: 600, color: log.answeredBy === 'Answered' ? 'success.main' : 'error.main' }}>{log.answeredBy}</Typography>
          </Box>
        ) : null,
      )}
    </Card>
  );
}

function StoreBadge({ icon, small, big }: { icon: ReactNode; small: string; big: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, bgcolor: '#000', color: '#fff', border: 1, borderColor: '#8a8a8a', borderRadius: 2, px: 1.75, py: 0.75 }}>
      {icon}
      <Box sx={{ textAlign: 'left' }}>
        <Typography sx={{ fontSize: 11, lineHeight: 1.2 }}>{small}</Typography>
        <Typography sx={{ fontSize: 17, fontWeight: 700, lineHeight: 1.2 }}>{big}</Typography>
      </Box>
    </Box>
  );
}

function GetTheApp({ t, still }: SceneProps) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Box sx={{ width: 72, height: 72, borderRadius: 4, bgcolor: 'primary.main', color: 'primary.contrastText', display: 'grid', placeItems: 'center' }}>
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

/** The walkthrough, in order; captions use the product's own words (SPEC sections 1-4). */
export const scenes: readonly DemoScene[] = [
  {
    title: 'Choose your city or your mosque',
    caption: "Pray at home and Fajr is calculated for your city, or pick your mosque and we call you 30 minutes before its Fajr jama'ah.",
    duration: 5500,
    Visual: ChooseLocation,
  },
  {
    title: 'Your Fajr schedule',
    caption: "Every day's call is planned ahead: \"We'll call you at 5:12 AM. Fajr starts at 5:02 AM.\"",
    duration: 5000,
    Visual: Schedule,
  },
  {
    title: 'The morning call',
    caption: 'At your call time the phone rings. Answer, and the adhaan plays. With Premium, an unanswered call is repeated 10 minutes later.',
    duration: 6500,
    Visual: MorningCall,
  },
  {
    title: 'Monthly Stats',
    caption: 'See how many Fajr calls you answered and missed this month, with a log of every call.',
    duration: 5000,
    Visual: MonthlyStats,
  },
  {
    title: 'Get the app',
    caption: 'Free to try on iPhone and Android. No ads, and your data is never shared.',
    duration: 4500,
    Visual: GetTheApp,
  },
];
