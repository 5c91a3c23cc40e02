/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import type { FriendView } from '@fajr/api/contracts/friends.contract';
import { Box, Button, FormHelperText, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { PhoneNumberField } from '../../../components/PhoneNumberField';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { ApiError, errorMessage } from '../../../lib/http';
import { browserCountry } from '../../../lib/phone';
import { fetchFriends, inviteFriend, removeFriend } from '../api/settings.api';

const STATUS: Record<FriendView['status'], string> = {
  invited: 'Invited, waiting for them to accept',
  active: 'Called every morning',
  stopped: 'Stopped the calls',
  ended: 'Calls ended',
};
const THIS_MONTH: Record<FriendView['thisMonth'], string> = {
  woken: 'Woken this month',
  missed: 'Not woken this month',
  'no-calls': 'No calls yet this month',
};

/**
 * Fajr friends (Premium, docs/CALLS.md "Fajr friends"): invite up to three people to their own daily
 * Fajr call (they accept by a texted code); per friend, their status and whether they were woken this
 * month — never their number, place or times; remove one. Below Premium only existing friends show, to remove them.
 */
export function FajrFriends({ userId, isPremium, gate }: { userId: string; isPremium: boolean; gate: string }) {
  const query = useQuery({ queryKey: queryKeys.friends(userId), queryFn: fetchFriends });
  const [firstName, setFirstName] = useState('');
  const [inviterName, setInviterName] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [country, setCountry] = useState<string>(browserCountry);
  const [problem, setProblem] = useState<string | undefined>();
  const invalidates = [queryKeys.friends(userId)];
  const invite = useAppMutation({
    mutationFn: inviteFriend,
    success: 'Invitation sent',
    invalidates,
    onSuccess: () => {
      setFirstName('');
      setPhoneNumber('');
    },
    onError: (e) => setProblem(e instanceof ApiError && e.status === 400 ? errorMessage(e) : undefined),
  });
  const remove = useAppMutation({ mutationFn: removeFriend, success: 'Friend removed', invalidates });
  const friends = query.data?.friends ?? [];
  const max = query.data?.max ?? 3;
  const current = friends.filter((f) => f.status === 'invited' || f.status === 'active').length;
  if (!isPremium && !friends.length) return null;
  const busy = invite.busy || remove.busy;

  return (
    <Box component="section" aria-labelledby="friends-title">
      <Typography id="friends-title" variant="subtitle1" component="h2">
        Fajr friends
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Invite up to {max} friends to their own Fajr call every morning. We text them a code; nobody is called until
        they accept. You see whether they were woken, never where they are or when.
      </Typography>
      {friends.length > 0 && (
        <List dense aria-label="Your Fajr friends">
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
                  aria-label={`Remove ${f.firstName}`}
                >
                  Remove
                </Button>
              }
            >
              <ListItemText primary={f.firstName} secondary={`${STATUS[f.status]} · ${THIS_MONTH[f.thisMonth]}`} />
            </ListItem>
          ))}
        </List>
      )}
      {isPremium && current < max && (
        <Stack
          component="form"
          aria-label="Invite a friend"
          noValidate
          spacing={1.5}
          onSubmit={(e) => {
            e.preventDefault();
            if (!firstName.trim()) return setProblem("Please enter your friend's first name");
            if (!inviterName.trim()) return setProblem('Please enter your name');
            if (!phoneNumber.trim()) return setProblem("Please enter your friend's phone number");
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
            label="Friend's first name"
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
            disabled={busy}
          />
          <TextField
            id="friend-inviter-name"
            label="Your name (as they know you)"
            value={inviterName}
            onChange={(e) => setInviterName(e.target.value)}
            disabled={busy}
          />
          <PhoneNumberField
            id="friend-phone"
            label="Friend's phone number"
            value={phoneNumber}
            onChange={setPhoneNumber}
            country={country}
            onCountryChange={setCountry}
            error={problem}
            disabled={busy}
          />
          <Button type="submit" variant="outlined" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            Invite friend
          </Button>
        </Stack>
      )}
      {!isPremium && <FormHelperText>{gate}</FormHelperText>}
    </Box>
  );
}
