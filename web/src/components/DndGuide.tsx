/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DownloadIcon from '@mui/icons-material/Download';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { fetchFajrContact, type FajrContact } from '../api/contact.api';
import { queryKeys } from '../api/query-keys';
import { isNativeShell, postToHost } from '../lib/native-shell';
import { formatPhone } from '../lib/phone';

/** Each phone's own steps to let a saved contact ring through Do Not Disturb, Sleep and Focus modes. */
const STEPS = {
  iPhone: [
    'Save our number (the contact card above), open the contact and tap "Add to Favourites".',
    'Settings → Focus → Do Not Disturb (and Sleep, if you use it) → People → "Allow calls from": Favourites.',
    'In the same place, turn on "Allow Repeated Calls": a second call within three minutes then rings.',
  ],
  Android: [
    'Save our number (the contact card above) and star the contact, so it joins your starred contacts.',
    'Settings → Sound (or Notifications) → Do Not Disturb → People → Calls: "Starred contacts".',
    'Turn on "Repeat callers", so a second call within 15 minutes rings.',
  ],
} as const;

/** Save the contact: the native host's own add-contact sheet inside the app, the .vcf card in a browser. */
function SaveContact({ contact }: { contact: FajrContact }) {
  if (isNativeShell()) {
    const vcardUrl = new URL(contact.vcardPath, window.location.origin).toString();
    return (
      <Button
        variant="contained"
        startIcon={<ContactPhoneIcon />}
        onClick={() =>
          postToHost({ type: 'add-contact', name: contact.name, phoneNumbers: contact.phoneNumbers, vcardUrl })
        }
      >
        Add Fajr to my contacts
      </Button>
    );
  }
  return (
    <Button variant="contained" component="a" href={contact.vcardPath} download="Fajr.vcf" startIcon={<DownloadIcon />}>
      Save contact card (.vcf)
    </Button>
  );
}

interface Props {
  /** Open at first: before the first test call, or when a call was declined or silenced. */
  defaultExpanded?: boolean;
  /** What comes before the steps (a Plus user's ring-through, a friend's first call). */
  intro?: React.ReactNode;
}

/**
 * How to let Fajr through Do Not Disturb: most people sleep with it (or Sleep, Bedtime, a Focus)
 * on, and it silences a number that is not a saved favourite. The numbers we call from, the contact
 * card, and the iPhone and Android steps.
 */
export function DndGuide({ defaultExpanded = false, intro }: Props) {
  const { data: contact } = useQuery({
    queryKey: queryKeys.fajrContact,
    queryFn: fetchFajrContact,
    staleTime: Infinity,
  });
  const id = useId();
  return (
    <Accordion
      defaultExpanded={defaultExpanded}
      disableGutters
      variant="outlined"
      data-testid="dnd-guide"
      sx={{ borderRadius: 1, '&::before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-panel`} id={`${id}-header`}>
        <Typography component="h3" sx={{ fontWeight: 600 }}>
          Sleep with Do Not Disturb? Let Fajr through
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`${id}-panel`}>
        <Stack spacing={2}>
          {intro}
          <Typography>
            Do Not Disturb, Sleep, Bedtime and Focus modes silence calls from numbers that are not saved favourites, so
            our call would not wake you. Save our number as a contact and let it through:
          </Typography>
          {contact && (
            <Box>
              <Typography color="text.secondary">Fajr calls come from</Typography>
              <Typography sx={{ fontWeight: 600, fontSize: '1.1rem' }} data-testid="caller-numbers">
                {contact.phoneNumbers.map(formatPhone).join(', ')}
              </Typography>
              <Box sx={{ mt: 1 }}>
                <SaveContact contact={contact} />
              </Box>
            </Box>
          )}
          {Object.entries(STEPS).map(([phone, steps]) => (
            <Box key={phone}>
              <Typography component="h4" sx={{ fontWeight: 600 }}>
                {phone}
              </Typography>
              <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
                {steps.map((s) => (
                  <Typography component="li" key={s} sx={{ py: 0.25 }}>
                    {s}
                  </Typography>
                ))}
              </Box>
            </Box>
          ))}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
