import PersonRemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import { Button, IconButton, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addAdmin, fetchAdmins, mosqueKeys, removeAdmin } from '../../../api/mosques.api';
import { PageLoader } from '../../../components/PageLoader';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { formatLocalDate, localDateIn } from '../../../lib/time';

/** The mosque's admins: add one by their account's e-mail or phone number, or remove one. */
export function CoAdmins({ mosqueId, userId }: { mosqueId: string; userId: string }) {
  const { t } = useTranslation('mosques');
  const [username, setUsername] = useState('');
  const key = mosqueKeys.admins(userId, mosqueId);
  const audit = mosqueKeys.audit(userId, mosqueId);
  const query = useQuery({ queryKey: key, queryFn: () => fetchAdmins(mosqueId) });
  const add = useAppMutation({
    mutationFn: (name: string) => addAdmin(mosqueId, name),
    success: t('admins.added'),
    onSuccess: () => setUsername(''),
    invalidates: [key, audit],
  });
  const remove = useAppMutation({
    mutationFn: (otherId: string) => removeAdmin(mosqueId, otherId),
    success: t('admins.removed'),
    invalidates: [key, audit],
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (username.trim()) void add.run(username.trim());
  };

  return (
    <section aria-labelledby="admins-title">
      <Typography variant="h6" component="h2" id="admins-title">
        {t('admins.title')}
      </Typography>
      {query.isPending ? (
        <PageLoader />
      ) : (
        <List aria-label={t('admins.title')}>
          {(query.data ?? []).map((a) => (
            <ListItem
              key={a.userId}
              divider
              secondaryAction={
                a.you ? undefined : (
                  <IconButton
                    edge="end"
                    aria-label={t('admins.remove', { who: a.shownAs })}
                    onClick={() => void remove.run(a.userId)}
                    disabled={remove.busy}
                  >
                    <PersonRemoveIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={<bdi dir="ltr">{a.shownAs}</bdi>}
                secondary={
                  a.you ? t('admins.you') : t('admins.since', { date: formatLocalDate(localDateIn(a.addedAt)) })
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={2} onSubmit={submit} noValidate>
        <TextField
          id="admin-username"
          label={t('admins.username')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          disabled={add.busy}
          fullWidth
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
        <Button type="submit" variant="outlined" disabled={add.busy || !username.trim()} sx={{ flexShrink: 0 }}>
          {t('admins.add')}
        </Button>
      </Stack>
    </section>
  );
}
