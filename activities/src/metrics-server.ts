import { createServer, type Server } from 'node:http';
import { register, type Registry } from 'prom-client';

/**
 * Serves the process's metrics at GET /metrics on a port of its own (never the public API port):
 * the registry's text, followed by whatever `extra` adds (the Temporal SDK's own exporter, read
 * from its loopback port), so Prometheus scrapes one endpoint per process.
 */
export async function serveMetrics(opts: {
  port: number;
  host: string;
  extra?: () => Promise<string>;
  registries?: Registry[];
}): Promise<Server & { url: string }> {
  const registries = opts.registries ?? [register];
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    void (async () => {
      try {
        const texts = await Promise.all(registries.map((r) => r.metrics()));
        // The SDK's exporter unreachable (the worker still starting): serve ours rather than nothing.
        if (opts.extra) texts.push(await opts.extra().catch(() => ''));
        res.writeHead(200, { 'content-type': register.contentType }).end(texts.filter(Boolean).join('\n'));
      } catch (err) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`${(err as Error).message}\n`);
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return Object.assign(server, {
    url: `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}/metrics`,
  });
}
