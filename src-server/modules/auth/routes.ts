import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmEmailBodySchema,
  emailOnlyBodySchema,
  loginBodySchema,
  loginResponseSchema,
  profileResponseSchema,
  profileUpdateBodySchema,
  profileUpdateResponseSchema,
  registerBodySchema,
  registerCorporateBodySchema,
  registerResponseSchema,
  resetPasswordBodySchema,
  verifyEmailBodySchema,
} from '../../../src-shared/contracts/auth';
import { messageSchema } from '../../../src-shared/contracts/common';
import type { AppContext } from '../../context';
import { responses, WRITE } from '../../lib/responses';
import { requestLanguage } from '../../lib/language';
import {
  clearSessionCookies,
  isAdminRole,
  requireAuth,
  requireSession,
  requireSignedIn,
  requireSignedInForSetup,
  setSessionCookies,
} from '../../plugins/session';
import * as devices from './device-cookies';
import * as rateLimit from './rate-limit';
import {
  confirmEmailChange,
  forgotPassword,
  login,
  register,
  resendVerification,
  resetPassword,
  updateProfile,
  verifyEmail,
} from './service';
import { ADMIN_SESSION_MS, REMEMBER_ME_MS, revokeSessionByToken, SESSION_COOKIE } from './sessions';
import { toUser } from './users';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Contract: at most RATE_LIMIT_AUTH_PER_MINUTE calls a minute to the auth calls together, per IP.
    app.addHook('onRequest', async (request) => {
      await rateLimit.hit(
        ctx.db,
        `auth-ip:${request.ip}`,
        { limit: ctx.config.authCallsPerMinute, windowMs: 60_000 },
        ctx.now(),
      );
    });

    app.post(
      '/auth/register',
      {
        schema: {
          tags: ['auth'],
          summary: 'Register an investor; e-mails a 6-digit verification code',
          body: registerBodySchema,
          response: responses({ 201: registerResponseSchema }, ...WRITE, 429),
        },
      },
      async (request, reply) => {
        const email = await register(ctx, { role: 'user', ...request.body }, requestLanguage(request));
        return reply
          .status(201)
          .send({ message: 'Registration successful! Please verify your email.', email });
      },
    );

    app.post(
      '/auth/register-corporate',
      {
        schema: {
          tags: ['auth'],
          summary: 'Register a company; e-mails a 6-digit verification code',
          body: registerCorporateBodySchema,
          response: responses({ 201: registerResponseSchema }, ...WRITE, 429),
        },
      },
      async (request, reply) => {
        const email = await register(ctx, { role: 'corporate', ...request.body }, requestLanguage(request));
        return reply
          .status(201)
          .send({ message: 'Corporate registration successful! Please verify your email.', email });
      },
    );

    app.post(
      '/auth/verify-email',
      {
        schema: {
          tags: ['auth'],
          summary: 'Verify the e-mail address with its code (5 wrong tries burn the code)',
          body: verifyEmailBodySchema,
          response: responses({ 200: messageSchema }, ...WRITE, 429),
        },
      },
      async (request) => {
        await verifyEmail(ctx, request.body.email, request.body.token);
        return { message: 'Email verified successfully.' };
      },
    );

    app.post(
      '/auth/resend-verification-token',
      {
        schema: {
          tags: ['auth'],
          summary: 'Send a new verification code (at most one a minute; same answer for any address)',
          body: emailOnlyBodySchema,
          response: responses({ 200: messageSchema }, ...WRITE, 429),
        },
      },
      async (request) => {
        await resendVerification(ctx, request.body.email);
        return { message: 'Verification email resent.' };
      },
    );

    app.post(
      '/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Sign in; sets the `sid` and `logged_in` cookies. With a second factor on, `code` (6 digits, or a ' +
            'recovery code once) is needed: 401 auth.second_factor_required / auth.second_factor_invalid otherwise',
          body: loginBodySchema,
          response: responses({ 200: loginResponseSchema }, ...WRITE, 401, 429),
        },
      },
      async (request, reply) => {
        const { user, token } = await login(ctx, {
          ...request.body,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          previousToken: request.cookies[SESSION_COOKIE],
          failureKey: devices.failureKey(ctx, request, request.body.email),
        });
        // An admin's cookie lasts 12 hours at most, like the session behind it (decision 0120).
        const maxAgeMs = isAdminRole(user.role) ? ADMIN_SESSION_MS : REMEMBER_ME_MS;
        setSessionCookies(reply, token, request.body.rememberMe, ctx.config.secureCookies, maxAgeMs);
        devices.issueDeviceCookie(ctx, reply, user.email);
        return { message: 'Login successful!', user: toUser(user) };
      },
    );

    app.post(
      '/auth/forgot-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'E-mail a password-reset code and link (same answer for any address)',
          body: emailOnlyBodySchema,
          response: responses({ 200: messageSchema }, ...WRITE, 429),
        },
      },
      async (request) => {
        await forgotPassword(ctx, request.body.email);
        return { message: 'Reset link sent. Check your email.' };
      },
    );

    app.post(
      '/auth/reset-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with the reset code; ends every session of the account',
          body: resetPasswordBodySchema,
          response: responses({ 200: messageSchema }, ...WRITE, 429),
        },
      },
      async (request) => {
        await resetPassword(ctx, request.body.email, request.body.token, request.body.newPassword);
        return { message: 'Password reset successful.' };
      },
    );

    app.post(
      '/auth/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign out: revokes the session and clears both cookies',
          response: responses({ 200: messageSchema }, ...WRITE, 429),
        },
      },
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await revokeSessionByToken(ctx.db, token, ctx.now());
        clearSessionCookies(reply, ctx.config.secureCookies);
        return { message: 'Logged out.' };
      },
    );
  };
}

export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/profile/get',
      {
        // An admin without a second factor may read it too (the back office learns it must lead
        // them through the setup).
        onRequest: requireSignedInForSetup,
        schema: {
          tags: ['profile'],
          summary: 'The signed-in user',
          response: responses({ 200: profileResponseSchema }, 401),
        },
      },
      async (request) => ({ data: toUser(requireSession(request).user) }),
    );

    app.put(
      '/profile/update',
      {
        onRequest: requireSignedIn,
        schema: {
          tags: ['profile'],
          summary:
            'Update the profile. A password change needs currentPassword and ends the other sessions; a new e-mail ' +
            'address takes effect only after POST /api/profile/confirm-email with the code sent to it',
          body: profileUpdateBodySchema,
          response: responses({ 200: profileUpdateResponseSchema }, ...WRITE, 401, 429),
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        const updated = await updateProfile(
          ctx,
          user,
          request.cookies[SESSION_COOKIE] ?? '',
          request.body,
          devices.failureKey(ctx, request, user.email),
        );
        return { message: 'Profile updated successfully.', data: toUser(updated) };
      },
    );

    app.post(
      '/profile/confirm-email',
      {
        onRequest: requireSignedIn,
        schema: {
          tags: ['profile'],
          summary: 'Confirm a new e-mail address with the code sent to it',
          body: confirmEmailBodySchema,
          response: responses({ 200: profileUpdateResponseSchema }, ...WRITE, 401, 409),
        },
      },
      async (request) => {
        const updated = await confirmEmailChange(ctx, requireAuth(request).user, request.body.token);
        return { message: 'Email updated successfully.', data: toUser(updated) };
      },
    );
  };
}
