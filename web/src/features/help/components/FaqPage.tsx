import { Box, Container, Divider, Link, List, ListItem, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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

// The steps that let the call through Do Not Disturb, by their keys under faq.dnd.
const IPHONE_STEPS = ['favourite', 'focus', 'repeated'] as const;
const ANDROID_STEPS = ['star', 'doNotDisturb', 'repeat'] as const;

// Each answer's paragraph(s), by their keys under faq.<question>.
const PLAIN_ANSWERS = [
  ['zones', 'faq-zones'],
  ['mosques', 'faq-mosques'],
  ['delete', 'faq-delete'],
] as const;

/** /faq: the questions new users ask, answered in our own words (Help links here unless VITE_FAQ_URL names another FAQ). */
export function FaqPage() {
  const { t } = useTranslation('help');
  usePageTitle(t('faq.title'));
  const heading = (text: string) => (
    <Typography component="h3" sx={{ fontWeight: 600, color: 'text.primary' }}>
      {text}
    </Typography>
  );
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: '2rem', md: '3rem' } }}>
        {t('faq.title')}
      </Typography>
      <Stack spacing={4} divider={<Divider flexItem />} sx={{ mt: 3 }}>
        <Question id="faq-dnd" q={t('faq.dnd.question')}>
          <Typography>{t('faq.dnd.intro')}</Typography>
          {heading(t('faq.dnd.iphone'))}
          <Steps items={IPHONE_STEPS.map((s) => t(`faq.dnd.iphoneSteps.${s}`))} />
          {heading(t('faq.dnd.android'))}
          <Steps items={ANDROID_STEPS.map((s) => t(`faq.dnd.androidSteps.${s}`))} />
          <Typography>{t('faq.dnd.testCall')}</Typography>
        </Question>

        <Question id="faq-key" q={t('faq.key.question')}>
          <Typography>{t('faq.key.answer')}</Typography>
        </Question>

        <Question id="faq-plans" q={t('faq.plans.question')}>
          {/* What each plan adds, as the plan cards list it (config/plans.ts), in a sentence. */}
          {tiers.map((tier) => (
            <Typography key={tier.plan}>
              <Trans
                t={t}
                i18nKey="faq.plans.line"
                values={{ name: tier.name, features: t(`faq.plans.features.${tier.plan.toLowerCase()}`) }}
                components={{ strong: <strong /> }}
              />
            </Typography>
          ))}
          <Typography>
            <Trans
              t={t}
              i18nKey="faq.plans.moveUp"
              components={{ plans: <Link component={RouterLink} to={paths.subscriptions} /> }}
            />
          </Typography>
        </Question>

        {PLAIN_ANSWERS.map(([key, id]) => (
          <Question key={key} id={id} q={t(`faq.${key}.question`)}>
            <Typography>{t(`faq.${key}.answer`)}</Typography>
          </Question>
        ))}
      </Stack>
      <Typography sx={{ mt: 5 }}>
        <Trans
          t={t}
          i18nKey="faq.footer"
          components={{
            help: <Link component={RouterLink} to={paths.help} />,
            rate: <Link component={RouterLink} to={paths.feedback} />,
          }}
        />
      </Typography>
    </Container>
  );
}
