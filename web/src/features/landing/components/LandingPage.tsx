/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import AlarmIcon from '@mui/icons-material/Alarm';
import BarChartIcon from '@mui/icons-material/BarChart';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import MosqueIcon from '@mui/icons-material/Mosque';
import TuneIcon from '@mui/icons-material/Tune';
import WbTwilightIcon from '@mui/icons-material/WbTwilight';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Container,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageLoader } from '../../../components/PageLoader';
import { StoreBadges } from '../../../components/StoreBadges';
import { usePageTitle } from '../../../components/usePageTitle';
import { hasStoreListing } from '../../../config/env';
import { paths } from '../../../config/paths';
import { usePrayerCalc } from '../../../hooks/usePrayerCalc';
import { errorMessage } from '../../../lib/http';
import { DemoSection } from './DemoSection';

const sections: Array<{ title: string; text: string; icon: ReactNode }> = [
  {
    title: 'Daily Fajr calls',
    text: 'One phone call every morning at Fajr replaces a string of alarms. Answer it and you are up. Sleep with Do Not Disturb on? Save our number as a favourite and the call rings through; on Plus, a call your phone silences is tried again at once.',
    icon: <AlarmIcon fontSize="large" />,
  },
  {
    title: 'Pray at home or at the mosque',
    text: "Praying at home? We calculate Fajr for your city with the method you choose. Praying at the mosque? We call you 30 minutes before your mosque's Fajr jama'ah.",
    icon: <MosqueIcon fontSize="large" />,
  },
  {
    title: 'Fajr stats',
    text: 'See how many Fajr calls you answered and missed this month, with a log of every call.',
    icon: <BarChartIcon fontSize="large" />,
  },
  {
    title: 'Call preferences',
    text: 'Choose the adhaan you wake up to and call at Fajr or a little later (Plus), and have an unanswered call repeated ten minutes on (Premium).',
    icon: <TuneIcon fontSize="large" />,
  },
  {
    title: 'Morning adhkar',
    text: 'Start the day with remembrance: the morning adhkar are a tap away once you are awake.',
    icon: <WbTwilightIcon fontSize="large" />,
  },
];

const features = [
  'A phone call at Fajr every day',
  'Fajr calculated for your city',
  "Your local mosque's Fajr jama'ah times",
  'Automatic Fajr time scheduling, all year round',
  'Monthly Fajr call statistics',
  'A choice of adhaans',
  'Call time preferences',
  'Repeat of unanswered Fajr calls',
  'A test call whenever you like',
  'No ads, and your data is never shared',
];

function MosqueList() {
  const { data, error } = usePrayerCalc();
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!data) return <PageLoader label="Loading mosques" />;
  if (!data.mosques.length)
    return <Typography color="text.secondary">No mosques yet: ask for yours from your account's settings.</Typography>;
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
      }}
    >
      {data.mosques.map((m) => (
        <Card component="li" key={m.id} variant="outlined">
          <CardContent>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {m.mosqueName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {m.mosqueAddr}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/** The landing page: hero, hadith, demo (video or animated), feature sections, supported mosques, feature list, store badges. */
export function LandingPage() {
  usePageTitle('Wake up for Fajr');
  return (
    <>
      <Box
        component="section"
        aria-labelledby="hero-title"
        sx={{
          py: { xs: 6, md: 10 },
          textAlign: 'center',
          background: (t) =>
            t.palette.mode === 'dark'
              ? 'linear-gradient(180deg,#1b2540,#0f1420)'
              : 'linear-gradient(180deg,#dfe8f7,#f7f8fb)',
        }}
      >
        <Container maxWidth="md">
          <Typography
            id="hero-title"
            variant="h3"
            component="h1"
            sx={{ fontWeight: 800, mb: 2, fontSize: { xs: '2rem', md: '3rem' } }}
          >
            Never miss Fajr again
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4 }}>
            A phone call every morning at Fajr, timed for your city or your mosque. No ads. Your data is never shared.
          </Typography>
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            {hasStoreListing ? (
              <Button variant="contained" size="large" href="#get-the-app">
                Get the app
              </Button>
            ) : (
              <Button variant="contained" size="large" component={RouterLink} to={paths.signUp}>
                Create an account
              </Button>
            )}
            <Button component={RouterLink} to={paths.signIn} size="large">
              Already have an account? Sign In
            </Button>
          </Stack>
        </Container>
      </Box>

      <Container maxWidth="md" sx={{ py: 6 }}>
        <Paper component="figure" variant="outlined" sx={{ m: 0, p: { xs: 3, md: 4 }, textAlign: 'center' }}>
          <Typography component="blockquote" variant="h6" sx={{ fontStyle: 'italic', m: 0 }}>
            “Whoever prays the two cool prayers (Fajr and ʿAsr) will enter Paradise.”
          </Typography>
          <Typography component="figcaption" color="text.secondary" sx={{ mt: 1 }}>
            Sahih al-Bukhari 574
          </Typography>
        </Paper>
      </Container>

      <Container maxWidth="lg" component="section" aria-labelledby="demo-title" sx={{ pb: 6 }}>
        <Typography id="demo-title" variant="h4" component="h2" sx={{ textAlign: 'center', mb: 3 }}>
          See how it works
        </Typography>
        <DemoSection />
      </Container>

      <Container maxWidth="lg" component="section" aria-label="Features" sx={{ pb: 6 }}>
        <Stack spacing={3}>
          {sections.map((s, i) => (
            <Paper
              key={s.title}
              variant="outlined"
              sx={{
                p: { xs: 3, md: 4 },
                display: 'flex',
                gap: 3,
                flexDirection: { xs: 'column', md: i % 2 ? 'row-reverse' : 'row' },
                alignItems: { md: 'center' },
              }}
            >
              <Box sx={{ color: 'primary.main' }} aria-hidden="true">
                {s.icon}
              </Box>
              {/* Grows to the card's width: in a reversed row a short text would otherwise sit against the icon, far from the left edge. */}
              <Box sx={{ flex: 1 }}>
                <Typography variant="h5" component="h2" gutterBottom>
                  {s.title}
                </Typography>
                <Typography color="text.secondary">{s.text}</Typography>
              </Box>
            </Paper>
          ))}
        </Stack>
      </Container>

      <Container maxWidth="lg" component="section" aria-labelledby="mosques-title" sx={{ pb: 6 }}>
        <Typography id="mosques-title" variant="h4" component="h2" gutterBottom>
          Supported mosques
        </Typography>
        <MosqueList />
      </Container>

      <Container maxWidth="md" component="section" aria-labelledby="features-title" sx={{ pb: 6 }}>
        <Typography id="features-title" variant="h4" component="h2" gutterBottom>
          Everything in Fajr
        </Typography>
        <List>
          {features.map((f) => (
            <ListItem key={f} disableGutters>
              <ListItemIcon sx={{ minWidth: 40, color: 'success.main' }}>
                <CheckCircleIcon aria-hidden="true" />
              </ListItemIcon>
              <ListItemText primary={f} />
            </ListItem>
          ))}
        </List>
      </Container>

      {hasStoreListing && (
        <Container
          maxWidth="md"
          component="section"
          id="get-the-app"
          aria-labelledby="get-title"
          sx={{ pb: 4, textAlign: 'center' }}
        >
          <Typography id="get-title" variant="h4" component="h2" gutterBottom>
            Get the app
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Free to try. Available on iPhone and Android.
          </Typography>
          <StoreBadges />
        </Container>
      )}
    </>
  );
}
