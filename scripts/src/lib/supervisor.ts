import { spawn, type ChildProcess } from 'node:child_process';
import { stopChild } from './temporal-dev-server';

/** Command and arguments that run a TypeScript entry point under node with tsx's loader. */
export function tsNode(entry: string): { command: string; args: string[] } {
  // Not the tsx CLI: it SIGKILLs a child that does not acknowledge a signal within 30 ms, which
  // under load cuts a graceful shutdown short. Node with the loader gets signals directly.
  return { command: process.execPath, args: ['--import', 'tsx', entry] };
}

export interface ServiceSpec {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** Turns a pino JSON line into "LEVEL message {extra}"; other lines pass through. */
export function formatLogLine(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const {
      level,
      msg,
      time: _t,
      pid: _p,
      hostname: _h,
      name: _n,
      ...rest
    } = JSON.parse(line) as Record<string, unknown>;
    const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
    return `${LEVELS[level as number] ?? level} ${String(msg ?? '')}${extra}`;
  } catch {
    return line;
  }
}

/**
 * Runs the stack's processes: prefixes their output with their name, and when one dies on its
 * own, reports it and stops all the others (a half-running stack is worse than none).
 */
export class Supervisor {
  private readonly children: { name: string; child: ChildProcess }[] = [];
  private stopping = false;

  constructor(
    private readonly print: (line: string) => void,
    private readonly onUnexpectedExit: (name: string, code: number | null, signal: string | null) => void,
  ) {}

  start(spec: ServiceSpec): ChildProcess {
    const child = spawn(spec.command, spec.args, { env: spec.env, cwd: spec.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) this.print(`[${spec.name}] ${formatLogLine(line)}`);
    };
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    child.on('exit', (code, signal) => {
      if (!this.stopping) this.onUnexpectedExit(spec.name, code, signal);
    });
    this.children.push({ name: spec.name, child });
    return child;
  }

  /** Stops the processes in the reverse order of their start. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    for (const { child } of [...this.children].reverse()) await stopChild(child);
  }
}
