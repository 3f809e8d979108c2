import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { registerDatabaseUnavailable } from './lib/db-unavailable';
import { openApiTransform } from './lib/multipart';
import { webDistDir } from './lib/paths';
import { authRoutes, profileRoutes } from './modules/auth/routes';
import { secondFactorRoutes } from './modules/auth/second-factor-routes';
import { balanceRoutes } from './modules/balances/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { healthRoutes } from './modules/health/routes';
import { investmentRoutes } from './modules/investments/routes';
import { kycRoutes } from './modules/kyc/routes';
import { overviewRoutes } from './modules/overview/routes';
import { protectionRoutes } from './modules/protection/routes';
import { mailRoutes } from './modules/contact-messages/routes';
import { ticketRoutes } from './modules/tickets/routes';
import { statisticsRoutes } from './modules/statistics/routes';
import { userRoutes } from './modules/users/routes';
import { ventureRoutes } from './modules/ventures/routes';
import { ventureMoneyRoutes } from './modules/ventures/money-routes';
import { servicingRoutes } from './modules/servicing/routes';
import { kiisRoutes } from './modules/kiis/routes';
import { statementRoutes } from './modules/statements/routes';
import { paymentRoutes } from './modules/payments/routes';
import { autoInvestRoutes } from './modules/auto-invest/routes';
import { publicTotals } from './modules/ventures/count-cache';
import { getVisibleVenture, listPublicVentures } from './modules/ventures/queries';
import { publicVentureListQuerySchema } from '../src-shared/contracts/ventures';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { registerSessions } from './plugins/session';
import { auditRoutes } from './modules/audit/routes';
import { registerAuditOrigins } from './modules/audit/service';
import { registerWeb } from './plugins/web';
import { fileStorage } from './lib/storage';

/** A route of the app: method (GET, POST... and the HEAD Fastify adds for each GET) and path. */
export interface ServedRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far (complete once the app is ready). */
    servedRoutes: ServedRoute[];
    /** The security headers every answer carries (plugins/security.ts), also for errors answered
     * before routing (plugins/errors.ts frameworkErrors). */
    securityHeaders: Record<string, string>;
  }
}

export interface BuildOptions {
  /** Logger options (tests pass `false`), or a pino instance shared with the process. */
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyBaseLogger;
  /** Folder of the built web entries (dist/web by default). */
  webDir?: string;
}

/** Builds the Fastify app: plugins first, then the API routes under /api, then the web entries. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? { level: ctx.config.logLevel } }),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: ctx.config.trustProxy,
    return503OnClosing: true,
    // A path that does not decode, or a path parameter over the router's limit: the contract's 4xx.
    frameworkErrors,
    // One access line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  // Every route served, as registered (tests/server/authz-matrix.test.ts checks each against its
  // table: a new route without a row there fails that test).
  const servedRoutes: ServedRoute[] = [];
  app.decorate('servedRoutes', servedRoutes);
  app.addHook('onRoute', (route) => {
    // A plugin's '/' under a prefix is served at '/prefix' and '/prefix/' (prefixTrailingSlash
    // 'both'), but Fastify runs onRoute for the first only (GET /api/docs/ of the OpenAPI viewer).
    const urls =
      route.routePath === '' && (route.prefixTrailingSlash ?? 'both') === 'both'
        ? [route.url, `${route.url}/`]
        : [route.url];
    for (const method of [route.method].flat()) for (const url of urls) servedRoutes.push({ method, url });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // Draining after SIGTERM (main.ts): the answer closes its keep-alive connection, so the last
    // request on it ends the connection and the process need not wait out the drain timeout.
    if (ctx.lifecycle?.draining) void reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });

  registerErrorHandling(app);
  const { storage } = ctx.config;
  const imagesBase = storage.driver === 's3' ? storage.publicBaseUrl : undefined;
  await registerSecurity(app, {
    publicOrigin: ctx.config.publicOrigin,
    https: ctx.config.secureCookies,
    imageOrigins: imagesBase ? [new URL(imagesBase).origin] : [],
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 20 } });
  registerSessions(app, ctx.db, ctx.now);
  registerAuditOrigins(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Crowdfunding platform API',
        description:
          'Every call of the web client. Money is in euros with at most two decimals; sessions use the `sid` cookie.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
      },
    },
    // Zod schemas to JSON Schema, and multipart routes' `schema.multipart` as their requestBody.
    transform: openApiTransform,
    // Schemas with a `.meta({ id })` (the error body) become components the routes refer to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });

  await app.register(
    async (api) => {
      // A database that is down, restarting or out of connections answers 503 (Retry-After), not 500.
      registerDatabaseUnavailable(api);
      // The business date may have been moved by another instance (BUSINESS_DATE_CONTROL only).
      // Not for the health checks: they report on the database themselves (503 with their own
      // body), and a failed read of the clock would answer 500 before them.
      if (ctx.clock.controlled)
        api.addHook('onRequest', async (request) => {
          if (!request.routeOptions.url?.startsWith('/api/health')) await ctx.clock.refresh(ctx.db);
        });
      // API answers of 1 KiB or more, compressed on the fly (the web files are compressed at build
      // time); Brotli at quality 4, about gzip's cost with smaller answers.
      await api.register(compress, {
        threshold: 1024,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
      });
      await api.register(healthRoutes(ctx));
      await api.register(authRoutes(ctx));
      await api.register(profileRoutes(ctx));
      await api.register(secondFactorRoutes(ctx));
      await api.register(ventureRoutes(ctx));
      await api.register(balanceRoutes(ctx));
      await api.register(kycRoutes(ctx));
      await api.register(protectionRoutes(ctx));
      await api.register(investmentRoutes(ctx));
      // After the investment routes: the OpenAPI document lists a venture's money calls after them.
      await api.register(ventureMoneyRoutes(ctx));
      await api.register(servicingRoutes(ctx));
      await api.register(kiisRoutes(ctx));
      await api.register(paymentRoutes(ctx));
      await api.register(autoInvestRoutes(ctx));
      await api.register(overviewRoutes(ctx));
      await api.register(dashboardRoutes(ctx));
      await api.register(userRoutes(ctx));
      await api.register(mailRoutes(ctx));
      await api.register(ticketRoutes(ctx));
      await api.register(statisticsRoutes(ctx));
      await api.register(auditRoutes(ctx));
      await api.register(statementRoutes(ctx));
    },
    { prefix: '/api' },
  );

  await registerWeb(app, {
    webDir: options.webDir ?? webDistDir,
    storage: fileStorage(ctx.config),
    publicBaseUrl: imagesBase,
    ventureCover: async (id) =>
      (await getVisibleVenture(ctx.db, id, null, ctx.clock.now()))?.images?.[0] ?? null,
    firstListedCover: async () => {
      const query = publicVentureListQuerySchema.parse({});
      const { rows } = await listPublicVentures(ctx.db, query, ctx.now(), publicTotals(ctx));
      return rows[0]?.images?.[0] ?? null;
    },
  });

  return app;
}
