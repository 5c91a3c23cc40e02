// npm run ops -- requests …: users' requests for a mosque to be added.
import {
  findMosqueRequest,
  listMosqueRequests,
  resolveMosqueRequest,
} from '@fajr/activities/repositories/mosques.repository';
import { answerMosqueRequest } from '../mosque-request-answer';
import { parse, text } from '../options';
import { minute, OpsError, shown, type OpsIo } from '../output';
import { openOrAllList, type OpsCommand } from './command';
import { oneMosque } from './mosque';

const requestsList = openOrAllList('mosque requests', listMosqueRequests, (r) => ({
  id: r.id,
  requested: minute(r.createdAt),
  status: r.status,
  name: r.name,
  address: r.address,
  note: r.resolutionNote ?? '',
}));

async function requestsResolve(io: OpsIo, args: string[]) {
  const { values, positionals } = parse(args, { added: { type: 'string' }, rejected: { type: 'string' } });
  if (positionals.length !== 1 || (values.added === undefined) === (values.rejected === undefined)) {
    throw new OpsError('Usage: requests resolve <request-id> --added <mosque-id-or-name> | --rejected "<note>"', 2);
  }
  const request = await findMosqueRequest(io.db, positionals[0]!);
  if (!request) throw new OpsError(`No mosque request ${positionals[0]}`);
  if (request.status !== 'open')
    throw new OpsError(
      `Request ${request.id} was already resolved (${request.status}${request.resolutionNote ? `: ${shown(request.resolutionNote)}` : ''})`,
    );
  let resolution: { added: string } | { rejected: string };
  if (values.added !== undefined) resolution = { added: (await oneMosque(io.db, values.added)).id };
  else resolution = { rejected: text('rejected', values.rejected, 1000)! };
  const done = await resolveMosqueRequest(io.db, request.id, resolution);
  if (!done) throw new OpsError(`Request ${request.id} was resolved by someone else meanwhile`);
  io.out(
    `Request ${done.id} (${shown(done.name)}) ${done.status}${done.status === 'added' ? `: mosque ${done.mosqueId}` : `: ${shown(done.resolutionNote ?? '')}`}`,
  );
  // The person who asked hears back (their account shows it too); a provider failing does not undo the resolution.
  try {
    const via = await answerMosqueRequest(io, done);
    io.out(
      via
        ? `Told the requester by ${via === 'sms' ? 'SMS' : 'e-mail'}`
        : 'Nobody to tell: asked while signed out, or no verified number or e-mail address (an account shows the answer)',
    );
  } catch (err) {
    io.err(`Could not tell the requester (${(err as Error).message}); their account shows the answer`);
  }
}

/** The requests commands, in the order the usage lists them. */
export const requestsCommands: OpsCommand[] = [
  {
    name: 'requests list',
    usage: ['requests list [--all]'],
    help: ['Open mosque requests (--all: resolved ones too).'],
    run: requestsList,
  },
  {
    name: 'requests resolve',
    usage: [
      'requests resolve <request-id> --added <mosque-id-or-name>',
      'requests resolve <request-id> --rejected "<note>"',
    ],
    help: [
      'Closes a request: the mosque added for it, or why it was not. The requester is told by SMS',
      '(a verified number) or e-mail, and their account shows it.',
    ],
    run: requestsResolve,
  },
];
