import path from 'node:path';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { ApiDeps } from './deps';
import { localiseResponses } from './i18n/localise.middleware';
import { errorMiddleware, notFoundMiddleware } from './middleware/error.middleware';
import { httpMetrics } from './middleware/metrics';
import { requestLog } from './middleware/request-log';
import { apiRoutes } from './routes';

/** The Express application: security headers, CORS allow-list, request-id logging, /api routes, the built web app. */
export function createApp(deps: ApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('etag', false); // API answers are per user and change; hashing every body is wasted work
  app.use(httpMetrics());
  app.use(requestLog(deps.logger));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'media-src': ["'self'", 'data:', 'blob:'],
          'frame-src': ["'self'", 'https://www.youtube-nocookie.com'],
        },
      },
    }),
  );
  app.use(cors({ origin: deps.config.CORS_ORIGINS, maxAge: 600 }));
  // Every message and error in the request's language, with its stable code (docs/LANGUAGES.md).
  app.use(localiseResponses(deps));
  // One mount per app.use: the Express instrumentation records a mount path on the last handler only (span names by route, /api included).
  app.use('/api', apiRoutes(deps));
  app.use('/api', notFoundMiddleware);

  const webDist = deps.config.WEB_DIST_DIR;
  if (webDist) {
    app.use(express.static(webDist, { index: false, maxAge: '1h' }));
    // Client-side routes: every other GET gets the app shell.
    app.get(/.*/, (_req, res) => res.sendFile(path.join(webDist, 'index.html')));
  }
  app.use(notFoundMiddleware);
  app.use(errorMiddleware(deps.logger));
  return app;
}
