import net from 'node:net';

/** The ports of the Temporal cluster server's four services and their membership rings. */

/** What the cluster server's config (scripts/temporal/cluster.yaml) reads from the environment. */
export interface TemporalServerPorts {
  frontend: number;
  http: number;
  history: number;
  matching: number;
  worker: number;
  frontendMembership: number;
  historyMembership: number;
  matchingMembership: number;
  workerMembership: number;
}

/** The usual layout around a frontend port (7233: history 7234, matching 7235, worker 7239, membership 6933…). */
export function portsAround(frontend: number): TemporalServerPorts {
  return {
    frontend,
    http: frontend + 10,
    history: frontend + 1,
    matching: frontend + 2,
    worker: frontend + 6,
    frontendMembership: frontend - 300,
    historyMembership: frontend - 299,
    matchingMembership: frontend - 298,
    workerMembership: frontend - 294,
  };
}

/**
 * Every port on a free one (for tests that run beside other servers), below 32768: the server keeps
 * membership ports in a smallint column, and the system's ephemeral ports are above it.
 */
export async function freeServerPorts(): Promise<TemporalServerPorts> {
  const names = [
    'frontend',
    'http',
    'history',
    'matching',
    'worker',
    'frontendMembership',
    'historyMembership',
    'matchingMembership',
    'workerMembership',
  ] as const;
  const ports = {} as TemporalServerPorts;
  const taken = new Set<number>();
  for (const name of names) {
    for (;;) {
      const port = 20_000 + Math.floor(Math.random() * 12_000);
      if (!taken.has(port) && (await canListen(port))) {
        taken.add(port);
        ports[name] = port;
        break;
      }
    }
  }
  return ports;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
