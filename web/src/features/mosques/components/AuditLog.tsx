import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchAudit, mosqueKeys, type AuditEntry } from '../../../api/mosques.api';
import { PageLoader } from '../../../components/PageLoader';
import { formatNumber } from '../../../lib/numbers';
import { deviceZone, formatLocalDate, formatMessageTime } from '../../../lib/time';

const ACTIONS = {
  registered: 'registered',
  claimed: 'claimed',
  'claim-approved': 'claimApproved',
  'claim-rejected': 'claimRejected',
  'claim-code-sent': 'claimCodeSent',
  'claimed-by-code': 'claimedByCode',
  'reminder-sent': 'reminderSent',
  'admin-added': 'adminAdded',
  'admin-removed': 'adminRemoved',
  'rule-saved': 'ruleSaved',
  'rule-deleted': 'ruleDeleted',
  'calendar-uploaded': 'calendarUploaded',
} as const;

const dateOf = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatLocalDate(v) : '');

/** What an entry did, as a sentence (the API's action name when it is one this screen does not know). */
function useWhat() {
  const { t } = useTranslation('mosques');
  return (e: AuditEntry) => {
    const d = e.details ?? {};
    if (!(e.action in ACTIONS)) return e.action;
    const days = Number(d.days ?? 0);
    return t(`audit.actions.${ACTIONS[e.action as keyof typeof ACTIONS]}`, {
      from: dateOf(d.from),
      to: dateOf(d.to),
      count: days,
      days: formatNumber(days),
    });
  };
}

/** Every change to the mosque or its times: who, what, when (newest first). */
export function AuditLog({ mosqueId, userId }: { mosqueId: string; userId: string }) {
  const { t } = useTranslation('mosques');
  const what = useWhat();
  const query = useQuery({ queryKey: mosqueKeys.audit(userId, mosqueId), queryFn: () => fetchAudit(mosqueId) });
  return (
    <section aria-labelledby="audit-title">
      <Typography variant="h6" component="h2" id="audit-title">
        {t('audit.title')}
      </Typography>
      {query.isPending ? (
        <PageLoader />
      ) : (
        <List dense aria-label={t('audit.title')}>
          {(query.data ?? []).map((e) => (
            <ListItem key={e.id} divider disableGutters>
              <ListItemText
                primary={what(e)}
                secondary={t('audit.whoWhen', {
                  who: e.actor.startsWith('operator') ? t('audit.operator') : (e.by ?? t('audit.admin')),
                  when: formatMessageTime(e.at, deviceZone()),
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
    </section>
  );
}
