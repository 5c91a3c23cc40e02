import { mosqueInvitationBody, mosqueRequestsResult } from '../contracts/mosque-requests.contract';
import {
  mosquePageParams,
  mosquePageResult,
  mosqueSearchQuery,
  mosqueSearchResult,
} from '../contracts/mosque-search.contract';
import { AUTHED, JSON_BODY, message, type Endpoint } from './endpoint';

/** Finding a mosque, its public page, the user's mosque requests and inviting a mosque (issue 46 point 6). */
export const mosqueEndpoints: Endpoint[] = [
  {
    method: 'get',
    path: '/data/mosques/search',
    tag: 'data',
    summary:
      'Search the mosques offered to users by any part of their name and city (near misses too) and/or near a point (lat and lng, within radiusKm, default 50); at most 20',
    auth: 'none',
    query: mosqueSearchQuery,
    ok: { schema: mosqueSearchResult, description: 'Matching mosques; near a point, nearest first with distanceKm' },
    errors: [400, 503],
  },
  {
    method: 'get',
    path: '/data/mosques/page/{slug}',
    tag: 'data',
    summary: "A mosque's public page: where it is, its coming jama'ah times and how far its own times reach",
    auth: 'none',
    params: mosquePageParams,
    ok: { schema: mosquePageResult, description: "The mosque and its next 14 days with a jama'ah time" },
    errors: [400, 404, 503],
  },
  {
    method: 'get',
    path: '/data/mosques/requests',
    tag: 'data',
    summary: "The signed-in user's mosque requests, newest first, with how each was answered",
    auth: 'required',
    ok: { schema: mosqueRequestsResult, description: 'The requests' },
    errors: AUTHED,
  },
  {
    method: 'post',
    path: '/data/mosques/invitations',
    tag: 'data',
    summary:
      'Invite a mosque to register, by one SMS or e-mail to the contact given, in the language chosen (3 a day per account, one per contact in 30 days; never a number that replied STOP)',
    auth: 'required',
    body: mosqueInvitationBody,
    ok: message('Invitation sent to your mosque'),
    errors: [...JSON_BODY, ...AUTHED, 429],
  },
];
