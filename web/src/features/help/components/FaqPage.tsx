/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Box, Container, Divider, Link, List, ListItem, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';
import { tiers } from '../../../config/plans';

function Question({ id, q, children }: { id: string; q: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {q}
      </Typography>
      <Stack spacing={1} sx={{ color: 'text.secondary', '& strong': { color: 'text.primary' } }}>
        {children}
      </Stack>
    </Box>
  );
}

function Steps({ items }: { items: readonly string[] }) {
  return (
    <List component="ol" dense sx={{ listStyle: 'decimal', pl: 3, py: 0 }}>
      {items.map((s) => (
        <ListItem key={s} sx={{ display: 'list-item', px: 0 }}>
          {s}
        </ListItem>
      ))}
    </List>
  );
}

// A plan card's feature ('Custom adhaans') inside a sentence ('custom adhaans'); Fajr keeps its capital.
const inSentence = (feature: string) =>
  feature.startsWith('Fajr') ? feature : feature[0]!.toLowerCase() + feature.slice(1);

const IPHONE = [
  'Save the number we call from (shown on your account page) as a contact, open it and tap "Add to Favourites".',
  'Settings → Focus → Do Not Disturb (and Sleep, if you use it) → People → "Allow calls from": Favourites.',
  'In the same place, turn on "Allow Repeated Calls", so a second call within three minutes rings.',
];
const ANDROID = [
  'Save the number we call from (shown on your account page) as a contact and star it.',
  'Settings → Sound (or Notifications) → Do Not Disturb → People → Calls: "Starred contacts".',
  'Turn on "Repeat callers", so a second call within 15 minutes rings.',
];

/** /faq: the questions new users ask, answered in our own words (Help links here unless VITE_FAQ_URL names another FAQ). */
export function FaqPage() {
  usePageTitle('Frequently asked questions');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        Frequently asked questions
      </Typography>
      <Stack spacing={4} divider={<Divider flexItem />} sx={{ mt: 3 }}>
        <Question id="faq-dnd" q="My phone is on Do Not Disturb at night. Will the call get through?">
          <Typography>
            Not unless you let it: Do Not Disturb, Sleep, Bedtime and Focus modes silence calls from numbers that are
            not saved favourites. Save our number and allow it once:
          </Typography>
          <Typography component="h3" sx={{ fontWeight: 600, color: 'text.primary' }}>
            iPhone
          </Typography>
          <Steps items={IPHONE} />
          <Typography component="h3" sx={{ fontWeight: 600, color: 'text.primary' }}>
            Android
          </Typography>
          <Steps items={ANDROID} />
          <Typography>
            Then schedule a test call from your account page with Do Not Disturb on, to hear it ring.
          </Typography>
        </Question>

        <Question id="faq-key" q="Why does the call ask me to press a key?">
          <Typography>
            Answering proves little: people answer, mumble and fall back asleep. Pressing any key shows you are awake. A
            call answered without a key counts as missed, so the Premium repeat call still comes ten minutes later and
            your statistics stay honest. You can switch the question off in Settings ("Ask me to press a key once I'm
            awake").
          </Typography>
        </Question>

        <Question id="faq-plans" q="What does each plan add?">
          {tiers.map((t) => (
            <Typography key={t.plan}>
              <strong>{t.name}</strong>: {t.features.map(inSentence).join(', ')}.
            </Typography>
          ))}
          <Typography>
            Move up at any time from{' '}
            <Link component={RouterLink} to={paths.subscriptions}>
              your plans
            </Link>
            : you pay only the difference for the rest of the month. A plan bought in the App Store or Google Play is
            changed there.
          </Typography>
        </Question>

        <Question id="faq-zones" q="Which time zone are my calls in? What if I travel?">
          <Typography>
            Fajr is worked out for the city in your settings, in that city's own time zone, daylight saving included;
            the schedule shows times there, whatever your phone's clock says. Travelling? Change your city in Settings
            and the next calls follow the new place.
          </Typography>
        </Question>

        <Question id="faq-mosques" q="Can I be woken for my mosque's Fajr jama'ah?">
          <Typography>
            Yes: in Settings choose "Pray at Mosque" and pick your mosque. We call you before its Fajr jama'ah
            (congregation) time instead of the start of Fajr. Your mosque is not listed? "Can't find your Mosque?" sends
            us its name and address, and we add it.
          </Typography>
        </Question>

        <Question id="faq-delete" q="How do I delete my account?">
          <Typography>
            On your account page, "Delete account", then confirm with your password. Your calls stop at once and a plan
            bought on the web is cancelled. A plan bought in the App Store or Google Play must be cancelled in the
            store's subscriptions page: we cannot cancel it for you.
          </Typography>
        </Question>
      </Stack>
      <Typography sx={{ mt: 5 }}>
        Still stuck?{' '}
        <Link component={RouterLink} to={paths.help}>
          Speak to us
        </Link>
        . Happy with Fajr, or not?{' '}
        <Link component={RouterLink} to={paths.feedback}>
          Rate us
        </Link>
        .
      </Typography>
    </Container>
  );
}
