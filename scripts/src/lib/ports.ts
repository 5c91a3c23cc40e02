import net from 'node:net';

/**
 * `count` TCP ports, all different, that are free on 127.0.0.1 right now: every listener stays open
 * until the last port is taken, so the kernel cannot hand the same port out twice (one at a time, seven
 * ports repeated one about once in 200 sets).
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = net.createServer();
      server.unref();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
    }
    return servers.map((server) => (server.address() as net.AddressInfo).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  }
}

/** A TCP port that is free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}

/** True when something already listens on the port. */
export function portInUse(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
