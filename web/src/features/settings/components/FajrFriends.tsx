import type { FriendView } from '@fajr/api/contracts/friends.contract';
import { Box, Button, FormHelperText, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../api/query-keys';
import { PhoneNumberField } from '../../../components/PhoneNumberField';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { ApiError, errorMessage } from '../../../lib/http';
import { formatNumber } from '../../../lib/numbers';
import { browserCountry } from '../../../lib/phone';
import { fetchFriends, inviteFriend, removeFriend } from '../api/settings.api';

/** A friend's line under their name: settings:friends.status.<status> · settings:friends.thisMonth.<thisMonth>. */
const statusKey = (f: FriendView) => `friends.status.${f.status}`;
const thisMonthKey = (f: FriendView) => `friends.thisMonth.${f.thisMonth}`;

/**
 * Fajr friends (Premium, docs/CALLS.md "Fajr friends"): invite up to three people to their own daily
 * Fajr call (they accept by a texted code); per friend, their status and whether they were woken this
 * month — never their number, place or times; remove one. Below Premium only existing friends show, to remove them.
 */
export function FajrFriends({ userId, isPremium, gate }: { userId: string; isPremium: boolean; gate: ReactNode }) {
  const { t } = useTranslation('settings');
  const query = useQuery({ queryKey: queryKeys.friends(userId), queryFn: fetchFriends });
  const [firstName, setFirstName] = useState('');
  const [inviterName, setInviterName] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [country, setCountry] = useState<string>(browserCountry);
  const [problem, setProblem] = useState<string | undefined>();
  const invalidates = [queryKeys.friends(userId)];
  const invite = useAppMutation({
    mutationFn: inviteFriend,
    success: () => t('friends.invited'),
    invalidates,
    onSuccess: () => {
      setFirstName('');
      setPhoneNumber('');
    },
    onError: (e) => setProblem(e instanceof ApiError && e.status === 400 ? errorMessage(e) : undefined),
  });
  const remove = useAppMutation({ mutationFn: removeFriend, success: () => t('friends.removed'), invalidates });
  const friends = query.data?.friends ?? [];
  const max = query.data?.max ?? 3;
  const current = friends.filter((f) => f.status === 'invited' || f.status === 'active').length;
  if (!isPremium && !friends.length) return null;
  const busy = invite.busy || remove.busy;

  return (
    <Box component="section" aria-labelledby="friends-title">
      <Typography id="friends-title" variant="subtitle1" component="h2">
        {t('friends.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('friends.intro', { max: formatNumber(max) })}
      </Typography>
      {friends.length > 0 && (
        <List dense aria-label={t('friends.listLabel')}>
          {friends.map((f) => (
            <ListItem
              key={f.id}
              disableGutters
              secondaryAction={
                <Button
                  color="error"
                  size="small"
                  onClick={() => void remove.run(f.id)}
                  disabled={busy}
                  aria-label={t('friends.removeName', { name: f.firstName })}
                >
                  {t('friends.remove')}
                </Button>
              }
            >
              <ListItemText
                primary={f.firstName}
                secondary={t('friends.statusLine', { status: t(statusKey(f)), thisMonth: t(thisMonthKey(f)) })}
              />
            </ListItem>
          ))}
        </List>
      )}
      {isPremium && current < max && (
        <Stack
          component="form"
          aria-label={t('friends.inviteForm')}
          noValidate
          spacing={1.5}
          onSubmit={(e) => {
            e.preventDefault();
            if (!firstName.trim()) return setProblem(t('friends.enterFirstName'));
            if (!inviterName.trim()) return setProblem(t('friends.enterYourName'));
            if (!phoneNumber.trim()) return setProblem(t('friends.enterPhone'));
            setProblem(undefined);
            void invite.run({
              firstName: firstName.trim(),
              inviterName: inviterName.trim(),
              phoneNumber: phoneNumber.trim(),
              country,
            });
          }}
        >
          <TextField
            id="friend-first-name"
            label={t('friends.firstName')}
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
            disabled={busy}
          />
          <TextField
            id="friend-inviter-name"
            label={t('friends.yourName')}
            value={inviterName}
            onChange={(e) => setInviterName(e.target.value)}
            disabled={busy}
          />
          <PhoneNumberField
            id="friend-phone"
            label={t('friends.phone')}
            value={phoneNumber}
            onChange={setPhoneNumber}
            country={country}
            onCountryChange={setCountry}
            error={problem}
            disabled={busy}
          />
          <Button type="submit" variant="outlined" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            {t('friends.invite')}
          </Button>
        </Stack>
      )}
      {!isPremium && <FormHelperText>{gate}</FormHelperText>}
    </Box>
  );
}
