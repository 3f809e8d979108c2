import { useMutation } from '@tanstack/react-query';
import { api, call } from '../../../src-shared/api/http';
import type { LoginBody, RegisterBody, RegisterCorporateBody } from '../../../src-shared/api/types';

/**
 * The account pages' calls (POST /api/auth/...). Each page shows its own success text (it knows
 * which call succeeded) and translates a refusal by its code.
 */
export function useLogin() {
  return useMutation({ mutationFn: (body: LoginBody) => call(api.POST('/api/auth/login', { body })) });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => call(api.POST('/api/auth/register', { body })),
  });
}

export function useRegisterCorporate() {
  return useMutation({
    mutationFn: (body: RegisterCorporateBody) => call(api.POST('/api/auth/register-corporate', { body })),
  });
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: (body: { email: string; token: string }) =>
      call(api.POST('/api/auth/verify-email', { body })),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => call(api.POST('/api/auth/resend-verification-token', { body: { email } })),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => call(api.POST('/api/auth/forgot-password', { body: { email } })),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { email: string; token: string; newPassword: string }) =>
      call(api.POST('/api/auth/reset-password', { body })),
  });
}
