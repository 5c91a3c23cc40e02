import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Chip, IconButton, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { deleteRule, type DatedRule } from '../../../api/mosques.api';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { formatNumber } from '../../../lib/numbers';
import { formatLocalDate } from '../../../lib/time';
import { formatClock } from '../format';
import { RuleForm } from './RuleForm';

/** One rule as a sentence: 'Jama'ah at 6:30 AM', '20 minutes after Fajr begins'. */
function useRuleText() {
  const { t } = useTranslation('mosques');
  return ({ rule }: DatedRule) =>
    rule.kind === 'fixed'
      ? t('rules.fixedAt', { time: formatClock(rule.time) })
      : rule.kind === 'calendar'
        ? t('rules.calendar')
        : t(rule.kind === 'after-fajr' ? 'rules.afterFajr' : 'rules.beforeSunrise', {
            count: rule.minutes,
            n: formatNumber(rule.minutes),
          });
}

/** The mosque's rules, each in force from its date until the next; add one, or remove one. */
export function RulesSection({
  mosqueId,
  rules,
  today,
  onChanged,
}: {
  mosqueId: string;
  rules: DatedRule[];
  today: string;
  onChanged(): unknown;
}) {
  const { t } = useTranslation('mosques');
  const ruleText = useRuleText();
  const remove = useAppMutation({
    mutationFn: (r: DatedRule) => deleteRule(mosqueId, r.from, r.ramadan),
    success: t('rules.removed'),
    onSuccess: onChanged,
  });
  return (
    <section aria-labelledby="rules-title">
      <Typography variant="h6" component="h2" id="rules-title">
        {t('rules.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('rules.intro')}
      </Typography>
      {rules.length === 0 ? (
        <Typography sx={{ my: 2 }}>{t('rules.none')}</Typography>
      ) : (
        <List aria-label={t('rules.title')}>
          {rules.map((r) => (
            <ListItem
              key={`${r.from}-${r.ramadan}`}
              divider
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('rules.remove', { date: formatLocalDate(r.from) })}
                  onClick={() => void remove.run(r)}
                  disabled={remove.busy}
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText primary={ruleText(r)} secondary={t('rules.fromDate', { date: formatLocalDate(r.from) })} />
              {r.ramadan && <Chip size="small" label={t('rules.ramadan')} sx={{ mx: 1 }} />}
            </ListItem>
          ))}
        </List>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
        {t('rules.add')}
      </Typography>
      <RuleForm mosqueId={mosqueId} today={today} onSaved={onChanged} />
    </section>
  );
}
