import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  secondFactorDisableBodySchema,
  secondFactorEnableBodySchema,
  secondFactorEnableResponseSchema,
  secondFactorSetupResponseSchema,
} from '../../../src-shared/contracts/auth';
import { messageSchema } from '../../../src-shared/contracts/common';
import type { AppContext } from '../../context';
import { responses, WRITE } from '../../lib/responses';
import { requireAuth, requireSession, requireSignedIn, requireSignedInForSetup } from '../../plugins/session';
import * as secondFactor from './second-factor';

/**
 * The second factor's calls (lane 2fa; API contract, "Admin sign-in and audit"), for signed-in
 * people only: outside the auth plugin's per-IP limit (which counts visitors' calls), limited by the
 * account's own count of wrong codes instead.
 */
export function secondFactorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Setup and enable admit an admin who has none yet: they are the way through the mandatory setup.
    app.post(
      '/auth/2fa/setup',
      {
        onRequest: requireSignedInForSetup,
        schema: {
          tags: ['auth'],
          summary:
            'Start setting up the second factor: a new TOTP secret (RFC 6238, SHA-1, 6 digits, 30 s) waiting ' +
            'for POST /api/auth/2fa/enable; 409 when the factor is already on',
          response: responses({ 200: secondFactorSetupResponseSchema }, ...WRITE, 401, 409, 429),
        },
      },
      async (request) => ({ data: await secondFactor.setup(ctx, requireSession(request).user) }),
    );

    app.post(
      '/auth/2fa/enable',
      {
        onRequest: requireSignedInForSetup,
        schema: {
          tags: ['auth'],
          summary:
            'Turn the second factor on with a code of the pending secret; answers the ten single-use ' +
            'recovery codes (shown once). Completes the sign-in of an admin who had no factor yet',
          body: secondFactorEnableBodySchema,
          response: responses({ 200: secondFactorEnableResponseSchema }, ...WRITE, 401, 409, 429),
        },
      },
      async (request) => {
        const recoveryCodes = await secondFactor.enable(ctx, requireSession(request).user, request.body.code);
        return { message: 'Second factor enabled.', data: { recoveryCodes } };
      },
    );

    app.post(
      '/auth/2fa/disable',
      {
        onRequest: requireSignedIn,
        schema: {
          tags: ['auth'],
          summary:
            'Turn the second factor off with the password and a code (or a recovery code); admins and ' +
            'superadmins cannot (403 auth.second_factor_mandatory)',
          body: secondFactorDisableBodySchema,
          response: responses({ 200: messageSchema }, ...WRITE, 401, 409, 429),
        },
      },
      async (request) => {
        const { password, code } = request.body;
        await secondFactor.disable(ctx, requireAuth(request).user, password, code);
        return { message: 'Second factor disabled.' };
      },
    );
  };
}
