import { Box, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLanguage, intlLocale, isolate } from '../../../lib/numbers';

// The legal texts' date in the shown language and digits; English keeps its day-month-year order ('22 November 2026').
const formatDay = (isoDate: string) =>
  new Intl.DateTimeFormat(formatLanguage() === 'en' ? 'en-GB' : intlLocale(), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T12:00:00Z`));

/**
 * A long text page: a heading and readable paragraphs. An `englishOnly` text (the legal pages, issue 45)
 * keeps its body in English, marked as such (lang, left to right), under a translated line that says so.
 */
export function TextPage({
  title,
  children,
  updated,
  englishOnly = false,
}: {
  title: string;
  children: ReactNode;
  /** The day the text last changed, 'YYYY-MM-DD'. */
  updated?: string;
  englishOnly?: boolean;
}) {
  const { t, i18n } = useTranslation('pages');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Container
      maxWidth="md"
      component="article"
      sx={{ py: { xs: 3, md: 6 }, '& h2': { mt: 4, mb: 1 }, '& p, & li': { lineHeight: 1.7 } }}
    >
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        {title}
      </Typography>
      {updated && (
        <Typography color="text.secondary" gutterBottom>
          {t('textPage.updated', { date: isolate(formatDay(updated)) })}
        </Typography>
      )}
      {englishOnly && language !== 'en' && (
        <Typography sx={{ mb: 2, fontWeight: 600 }} data-testid="english-only">
          {t('textPage.englishOnly')}
        </Typography>
      )}
      {englishOnly ? (
        <Box lang="en" dir="ltr">
          {children}
        </Box>
      ) : (
        children
      )}
    </Container>
  );
}

/** A section heading inside a TextPage. */
export const H2 = ({ children }: { children: ReactNode }) => (
  <Typography variant="h5" component="h2">
    {children}
  </Typography>
);
/** A paragraph inside a TextPage. */
export const P = ({ children }: { children: ReactNode }) => (
  <Typography component="p" sx={{ mb: 2 }}>
    {children}
  </Typography>
);
