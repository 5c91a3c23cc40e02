import path from 'node:path';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { randomUUID } from 'node:crypto';
import type { ApiDeps } from './deps';
import { errorMiddleware, notFoundMiddleware } from './middleware/error.middleware';
import { apiRoutes } from './routes';

/** The Express application: security headers, CORS allow-list, request-id logging, /api routes, the built web app. */
export function createApp(deps: ApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      // Query strings may carry codes or tokens; log the path only.
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, path: String(req.url).split('?')[0] }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === '/api/health' },
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: { 'media-src': ["'self'", 'data:', 'blob:'], 'frame-src': ["'self'", 'https://www.youtube-nocookie.com'] },
      },
    }),
  );
  app.use(cors({ origin: deps.config.CORS_ORIGINS, maxAge: 600 }));
  app.use('/api', apiRoutes(deps), notFoundMiddleware);

  const webDist = deps.config.WEB_DIST_DIR;
  if (webDist) {
    app.use(express.static(webDist, { index: false, maxAge: '1h' }));
    // Client-side routes: every other GET gets the app shell.
    app.get(/.*/, (_req, res) => res.sendFile(path.join(webDist, 'index.html')));
  }
  app.use(notFoundMiddleware);
  app.use(errorMiddleware);
  return app;
}
