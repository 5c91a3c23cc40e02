import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DownloadIcon from '@mui/icons-material/Download';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFajrContact, type FajrContact } from '../api/contact.api';
import { queryKeys } from '../api/query-keys';
import { isNativeShell, postToHost } from '../lib/native-shell';
import { formatPhone } from '../lib/phone';

/** Each phone's own steps to let a saved contact ring through Do Not Disturb, Sleep and Focus modes. */
const STEPS = [
  { phone: 'iPhone', steps: ['dndGuide.iPhone.step1', 'dndGuide.iPhone.step2', 'dndGuide.iPhone.step3'] },
  { phone: 'Android', steps: ['dndGuide.android.step1', 'dndGuide.android.step2', 'dndGuide.android.step3'] },
] as const;

/** Save the contact: the native host's own add-contact sheet inside the app, the .vcf card in a browser. */
function SaveContact({ contact }: { contact: FajrContact }) {
  const { t } = useTranslation();
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
        {t('dndGuide.addContact')}
      </Button>
    );
  }
  return (
    <Button variant="contained" component="a" href={contact.vcardPath} download="Fajr.vcf" startIcon={<DownloadIcon />}>
      {t('dndGuide.saveCard')}
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
  const { t } = useTranslation();
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
          {t('dndGuide.title')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`${id}-panel`}>
        <Stack spacing={2}>
          {intro}
          <Typography>{t('dndGuide.intro')}</Typography>
          {contact && (
            <Box>
              <Typography color="text.secondary">{t('dndGuide.callsComeFrom')}</Typography>
              <Typography sx={{ fontWeight: 600, fontSize: '1.1rem' }} data-testid="caller-numbers">
                {/* Phone numbers read left to right in every language. */}
                <bdi dir="ltr">{contact.phoneNumbers.map(formatPhone).join(', ')}</bdi>
              </Typography>
              <Box sx={{ mt: 1 }}>
                <SaveContact contact={contact} />
              </Box>
            </Box>
          )}
          {STEPS.map(({ phone, steps }) => (
            <Box key={phone}>
              <Typography component="h4" sx={{ fontWeight: 600 }}>
                {phone}
              </Typography>
              <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
                {steps.map((s) => (
                  <Typography component="li" key={s} sx={{ py: 0.25 }}>
                    {t(s)}
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
