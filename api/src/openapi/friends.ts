import {
  friendConsentBody,
  friendIdParams,
  friendsResult,
  friendStopBody,
  invitationResult,
  inviteFriendBody,
} from '../contracts/friends.contract';
import { AUTHED, JSON_BODY, message, type Endpoint } from './endpoint';

/** Fajr friends: the inviter's list and the friend's consent and stop pages. */
export const friendEndpoints: Endpoint[] = [
  {
    method: 'get',
    path: '/users/friends',
    tag: 'friends',
    summary:
      'Fajr friends the user invited: name, status and whether they were woken this month (never their number, place or times)',
    auth: 'required',
    ok: { schema: friendsResult, description: 'The friends, and how many may be invited' },
    errors: AUTHED,
  },
  {
    method: 'post',
    path: '/users/friends',
    tag: 'friends',
    summary:
      'Invite a friend to their own daily Fajr call (PREMIUM, at most 3): an SMS with a code and the consent link',
    auth: 'required',
    body: inviteFriendBody,
    ok: message('Invitation sent'),
    errors: [...JSON_BODY, ...AUTHED, 403, 429, 503],
  },
  {
    method: 'delete',
    path: '/users/friends/{id}',
    tag: 'friends',
    summary: 'Remove a friend: their calls end',
    auth: 'required',
    params: friendIdParams,
    ok: message('Friend removed'),
    errors: [400, ...AUTHED, 404],
  },
  {
    method: 'get',
    path: '/friends/{id}',
    tag: 'friends',
    summary: "A friend's invitation, for the consent page (no account)",
    auth: 'none',
    params: friendIdParams,
    ok: { schema: invitationResult, description: 'Who invited whom, and its status' },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/friends/{id}/consent',
    tag: 'friends',
    summary: 'The friend consents with the SMS code and chooses their city or a mosque; their daily calls start',
    auth: 'none',
    params: friendIdParams,
    body: friendConsentBody,
    ok: message('Thank you: we will call you for Fajr every morning, in sha Allah'),
    errors: [...JSON_BODY, 404, 429],
  },
  {
    method: 'post',
    path: '/friends/{id}/stop',
    tag: 'friends',
    summary: "The friend's signed stop link: never called again unless they consent anew",
    auth: 'none',
    params: friendIdParams,
    body: friendStopBody,
    ok: message('Your Fajr calls are stopped: we will not call you again'),
    errors: [...JSON_BODY, 403],
  },
];
