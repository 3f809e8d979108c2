/** A simple {local}@{domain}.{tld} check (spec 5: "a simple email pattern"). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Trims every string value of a form (spec 5: strings are trimmed before sending). */
export function trimAll<T extends object>(values: T): T {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values))
    result[key] = typeof value === 'string' ? value.trim() : value;
  return result as T;
}

/** Names of the required fields that are empty after trimming. */
export function missingFields<T extends object>(values: T, required: readonly (keyof T)[]): (keyof T)[] {
  return required.filter((key) => {
    const value = values[key];
    return typeof value !== 'string' || value.trim() === '';
  });
}

/** The first failing check of a form, in the order the spec lists them (section 5). */
export interface Invalid {
  /** The field that carries the message (and gets the focus). */
  field: string;
  /** Translation key of the message. */
  messageKey: string;
}

export const MIN_REGISTRATION_PASSWORD = 8;
export const MIN_RESET_PASSWORD = 6;

/**
 * Registration checks after the required fields (spec 5): the password length, then the
 * confirmation, then the e-mail address(es). Investors and corporates differ only in the wording of
 * the length message ('should' vs 'must').
 */
export function registrationProblem(
  values: { password: string; confirmPassword: string; email: string; companyEmail?: string },
  lengthMessageKey: 'auth.errors.passwordShouldBe8' | 'auth.errors.passwordMustBe8',
): Invalid | null {
  if (values.password.length < MIN_REGISTRATION_PASSWORD)
    return { field: 'password', messageKey: lengthMessageKey };
  if (values.password !== values.confirmPassword)
    return { field: 'confirmPassword', messageKey: 'auth.errors.passwordMismatch' };
  if (!isValidEmail(values.email)) return { field: 'email', messageKey: 'auth.errors.invalidEmail' };
  if (values.companyEmail !== undefined && !isValidEmail(values.companyEmail))
    return { field: 'companyEmail', messageKey: 'auth.errors.invalidEmail' };
  return null;
}

/** Moves the keyboard focus to the named input of a form, if there is one. */
export function focusField(form: HTMLFormElement | null, name: string): void {
  const element = form?.querySelector<HTMLElement>(`[name="${name}"]`);
  if (!element) return;
  // MUI selects keep a hidden native input with the name; the combobox sits next to it.
  if (element instanceof HTMLInputElement && element.getAttribute('aria-hidden') === 'true') {
    element.parentElement?.querySelector<HTMLElement>('[role="combobox"]')?.focus();
    return;
  }
  element.focus();
}
