import { OpenAPIRegistry, OpenApiGeneratorV3 } from '@asteasolutions/zod-to-openapi';
import { dataEndpoints } from './data';
import { displayPrefsEndpoints } from './display-prefs';
import { routeOf, type Endpoint } from './endpoint';
import { friendEndpoints } from './friends';
import { mosqueAdminEndpoints } from './mosque-admin';
import { mosqueEndpoints } from './mosques';
import { scheduleEndpoints } from './schedules';
import { serviceEndpoints } from './service';
import { subscriptionEndpoints } from './subscriptions';
import { supportEndpoints } from './support';
import { accountEndpoints, passwordResetEndpoints } from './users';
import { callLanguageEndpoints } from './call-language';

/** Every endpoint of the public API (SPEC section 7 plus sign-out, health, media and this document). */
const endpoints: Endpoint[] = [
  ...accountEndpoints,
  ...callLanguageEndpoints,
  ...displayPrefsEndpoints,
  ...friendEndpoints,
  ...passwordResetEndpoints,
  ...scheduleEndpoints,
  ...subscriptionEndpoints,
  ...dataEndpoints,
  ...mosqueEndpoints,
  ...mosqueAdminEndpoints,
  ...supportEndpoints,
  ...serviceEndpoints,
];

let document: ReturnType<OpenApiGeneratorV3['generateDocument']> | undefined;

/** The OpenAPI 3 document of the API, generated once from the zod contracts the routes parse with. */
export function openApiDocument() {
  if (document) return document;
  const registry = new OpenAPIRegistry();
  registry.registerComponent('schemas', 'Error', {
    type: 'object',
    properties: {
      error: { type: 'string', description: "A message safe to show to the user, in the request's language" },
      code: {
        type: 'string',
        description:
          "The message's stable code (e.g. `code.wrong`, `validation.required`; `http.<status>` for one without its own)",
      },
    },
    required: ['error', 'code'],
    description: 'Every failure (the shape of the contracts errorBody)',
  });
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'The session token from sign-in or sign-up',
  });
  for (const e of endpoints) registry.registerPath(routeOf(e));
  document = new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'Fajr API',
      version: '1.0.0',
      description:
        'Daily Fajr wake-up calls. Successful answers are `{ result }` or `{ message, code }`; every failure is `{ error, code }` with a 4xx/5xx status. ' +
        "Messages are in the signed-in account's language, else the first of Accept-Language that Fajr speaks, else English; `code` is stable across languages. " +
        'JSON bodies are limited to 32 kB. Webhook and development-only endpoints are not listed.',
    },
    servers: [{ url: '/api' }],
  });
  return document;
}
