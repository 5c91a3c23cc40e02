/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A long text page: a heading and readable paragraphs. */
export function TextPage({ title, children, updated }: { title: string; children: ReactNode; updated?: string }) {
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
          Last updated: {updated}
        </Typography>
      )}
      {children}
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
