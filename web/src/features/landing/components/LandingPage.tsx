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
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageLoader } from '../../../components/PageLoader';
import { StoreBadges } from '../../../components/StoreBadges';
import { usePageTitle } from '../../../components/usePageTitle';
import { hasStoreListing } from '../../../config/env';
import { paths } from '../../../config/paths';
import { usePrayerCalc } from '../../../hooks/usePrayerCalc';
import { errorMessage } from '../../../lib/http';
import { DemoSection } from './DemoSection';

// The feature sections, by their keys under sections.<key>.{title,text}.
const sections: Array<{ key: string; icon: ReactNode }> = [
  { key: 'dailyCalls', icon: <AlarmIcon fontSize="large" /> },
  { key: 'homeOrMosque', icon: <MosqueIcon fontSize="large" /> },
  { key: 'stats', icon: <BarChartIcon fontSize="large" /> },
  { key: 'preferences', icon: <TuneIcon fontSize="large" /> },
  { key: 'adhkar', icon: <WbTwilightIcon fontSize="large" /> },
];

// Everything in Fajr, by their keys under everything.items.
const features = [
  'dailyCall',
  'cityTimes',
  'mosqueTimes',
  'scheduling',
  'stats',
  'adhaans',
  'callTime',
  'repeat',
  'testCall',
  'privacy',
] as const;

function MosqueList() {
  const { t } = useTranslation('landing');
  const { data, error } = usePrayerCalc();
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!data) return <PageLoader label={t('mosques.loading')} />;
  if (!data.mosques.length) return <Typography color="text.secondary">{t('mosques.none')}</Typography>;
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
        // A mosque's name and address are names: never translated (by us or a browser's translator).
        <Card component="li" key={m.id} variant="outlined" translate="no">
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
  const { t } = useTranslation('landing');
  usePageTitle(t('pageTitle'));
  return (
    <>
      <Box
        component="section"
        aria-labelledby="hero-title"
        sx={{
          py: { xs: 6, md: 10 },
          textAlign: 'center',
          background: (theme) =>
            theme.palette.mode === 'dark'
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
            {t('hero.title')}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4 }}>
            {t('hero.subtitle')}
          </Typography>
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            {hasStoreListing ? (
              <Button variant="contained" size="large" href="#get-the-app">
                {t('hero.getApp')}
              </Button>
            ) : (
              <Button variant="contained" size="large" component={RouterLink} to={paths.signUp}>
                {t('hero.createAccount')}
              </Button>
            )}
            <Button component={RouterLink} to={paths.signIn} size="large">
              {t('hero.signIn')}
            </Button>
          </Stack>
        </Container>
      </Box>

      <Container maxWidth="md" sx={{ py: 6 }}>
        <Paper component="figure" variant="outlined" sx={{ m: 0, p: { xs: 3, md: 4 }, textAlign: 'center' }}>
          <Typography
            component="blockquote"
            variant="h6"
            // Arabic, Urdu and Bengali scripts have no italic: a slanted copy of them reads badly.
            sx={{ fontStyle: 'italic', m: 0, '&:lang(ar), &:lang(ur), &:lang(bn)': { fontStyle: 'normal' } }}
          >
            {t('hadith.text')}
          </Typography>
          <Typography component="figcaption" color="text.secondary" sx={{ mt: 1 }}>
            {t('hadith.source')}
          </Typography>
        </Paper>
      </Container>

      <Container maxWidth="lg" component="section" aria-labelledby="demo-title" sx={{ pb: 6 }}>
        <Typography id="demo-title" variant="h4" component="h2" sx={{ textAlign: 'center', mb: 3 }}>
          {t('demoTitle')}
        </Typography>
        <DemoSection />
      </Container>

      <Container maxWidth="lg" component="section" aria-label={t('featuresLabel')} sx={{ pb: 6 }}>
        <Stack spacing={3}>
          {sections.map((s, i) => (
            <Paper
              key={s.key}
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
                  {t(`sections.${s.key}.title`)}
                </Typography>
                <Typography color="text.secondary">{t(`sections.${s.key}.text`)}</Typography>
              </Box>
            </Paper>
          ))}
        </Stack>
      </Container>

      <Container maxWidth="lg" component="section" aria-labelledby="mosques-title" sx={{ pb: 6 }}>
        <Typography id="mosques-title" variant="h4" component="h2" gutterBottom>
          {t('mosques.title')}
        </Typography>
        <MosqueList />
      </Container>

      <Container maxWidth="md" component="section" aria-labelledby="features-title" sx={{ pb: 6 }}>
        <Typography id="features-title" variant="h4" component="h2" gutterBottom>
          {t('everything.title')}
        </Typography>
        <List>
          {features.map((f) => (
            <ListItem key={f} disableGutters>
              <ListItemIcon sx={{ minWidth: 40, color: 'success.main' }}>
                <CheckCircleIcon aria-hidden="true" />
              </ListItemIcon>
              <ListItemText primary={t(`everything.items.${f}`)} />
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
            {t('getApp.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('getApp.text')}
          </Typography>
          <StoreBadges />
        </Container>
      )}
    </>
  );
}
