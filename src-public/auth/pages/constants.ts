/** Spec section 9: redirect to /login 3 s after a successful verification or password reset. */
export const AUTH_REDIRECT_MS = 3000;
