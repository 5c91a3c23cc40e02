// npm run ops -- mosque claims …: accounts asking to keep a listed mosque (issue 46).
import os from 'node:os';
import {
  listMosqueClaims,
  mosqueAuditLog,
  resolveMosqueClaim,
} from '@fajr/activities/repositories/mosque-admins.repository';
import { parse, text } from '../options';
import { minute, OpsError, printTable, shown, type OpsIo } from '../output';
import { openOrAllList, type OpsCommand } from './command';
import { oneMosque } from './mosque';

const claimsList = openOrAllList('mosque claims', listMosqueClaims, (c) => ({
  id: c.id,
  claimed: minute(c.createdAt),
  status: c.status,
  mosque: shown(c.mosqueName),
  account: c.userId,
  note: shown(c.note ?? ''),
}));

/** Who decided, as the audit log shows it: the operator's login on this machine. */
const operator = () => os.userInfo().username;

function decide(decision: 'approved' | 'rejected') {
  return async (io: OpsIo, args: string[]) => {
    const { values, positionals } = parse(args, { note: { type: 'string' } });
    if (positionals.length !== 1 || (decision === 'rejected' && values.note === undefined))
      throw new OpsError(
        decision === 'approved'
          ? 'Usage: mosque claims approve <claim-id> [--note "<note>"]'
          : 'Usage: mosque claims reject <claim-id> --note "<why>"',
        2,
      );
    const note = values.note === undefined ? null : text('note', values.note, 300)!;
    const done = await resolveMosqueClaim(io.db, positionals[0]!, decision, operator(), note, new Date());
    if (!done) throw new OpsError(`No pending claim ${positionals[0]} (see \`npm run ops -- mosque claims --all\`)`);
    io.out(
      `Claim ${done.id} for ${shown(done.mosqueName)} ${decision}${decision === 'approved' ? ': the account is an admin now' : ''}`,
    );
  };
}

async function auditList(io: OpsIo, args: string[]) {
  const { positionals } = parse(args, {});
  const mosque = await oneMosque(io.db, positionals[0]);
  const rows = await mosqueAuditLog(io.db, mosque.id);
  printTable(
    io,
    rows.map((e) => ({
      at: minute(e.at),
      actor: shown(e.actor),
      action: e.action,
      details: shown(JSON.stringify(e.details)),
    })),
    `Nothing changed at ${shown(mosque.name)} yet.`,
  );
}

export const mosqueClaimsCommands: OpsCommand[] = [
  {
    name: 'mosque claims approve',
    usage: ['mosque claims approve <claim-id> [--note "<note>"]'],
    help: ['Makes the claimant an admin of the mosque (written in its audit log).'],
    run: decide('approved'),
  },
  {
    name: 'mosque claims reject',
    usage: ['mosque claims reject <claim-id> --note "<why>"'],
    help: ['Refuses a claim, saying why (the claimant sees it).'],
    run: decide('rejected'),
  },
  {
    name: 'mosque claims',
    usage: ['mosque claims [--all]'],
    help: ['Claims of listed mosques waiting for an operator (--all: decided ones too).'],
    run: claimsList,
  },
  {
    name: 'mosque audit',
    usage: ['mosque audit <mosque-id-or-name>'],
    help: ['Every change to a mosque, its admins and its times, newest first.'],
    run: auditList,
  },
];
