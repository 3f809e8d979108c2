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

/** A form's problems: for each field that fails a check, the translation key of its message. */
export type Problems = Partial<Record<string, string>>;

export const MIN_REGISTRATION_PASSWORD = 8;
/** The contract's rule since issue 26 (finding 3): at least 8 characters at reset too. */
export const MIN_RESET_PASSWORD = 8;

/** Every empty required field, with the message 'This field is required.'. */
export function requiredProblems<T extends object>(
  values: T,
  required: readonly (keyof T & string)[],
): Problems {
  return Object.fromEntries(missingFields(values, required).map((key) => [key, 'form.requiredField']));
}

/**
 * Every problem of a registration form at once (issue 25: all field errors show together), each
 * field with its first failing check: required fields, then the spec's checks (section 5) on the
 * filled ones: the password length, the confirmation, the e-mail address(es), and the consent to
 * the terms of use and the privacy policy. Investors and corporates differ only in the wording of
 * the length message ('should' vs 'must').
 */
export function registrationProblems<T extends RegistrationValues>(
  values: T,
  required: readonly (keyof T & string)[],
  lengthMessageKey: 'auth.errors.passwordShouldBe8' | 'auth.errors.passwordMustBe8',
): Problems {
  const problems = requiredProblems(values, required);
  const check = (field: string, failing: boolean, messageKey: string) => {
    if (failing && !problems[field]) problems[field] = messageKey;
  };
  check('password', values.password.length < MIN_REGISTRATION_PASSWORD, lengthMessageKey);
  check('confirmPassword', values.password !== values.confirmPassword, 'auth.errors.passwordMismatch');
  check('email', !isValidEmail(values.email), 'auth.errors.invalidEmail');
  if (values.companyEmail !== undefined)
    check('companyEmail', !isValidEmail(values.companyEmail), 'auth.errors.invalidEmail');
  check('acceptTerms', values.acceptTerms !== true, 'errors:auth.terms_required');
  return problems;
}

interface RegistrationValues {
  password: string;
  confirmPassword: string;
  email: string;
  companyEmail?: string;
  acceptTerms: boolean;
}

/**
 * The one message a refused form announces (its toast) while every field shows its own: 'Please
 * fill in all required fields.' while one is empty, else the first problem in `order` (the order
 * the spec lists the checks in), else any.
 */
export function toastKeyOf(problems: Problems, order: readonly string[]): string | undefined {
  if (Object.values(problems).includes('form.requiredField')) return 'auth.errors.required';
  const first = order.find((field) => problems[field]);
  return first ? problems[first] : Object.values(problems).find(Boolean);
}

/** Spec section 5's order of the registration checks: the password length, the confirmation, the e-mail. */
export const REGISTRATION_CHECK_ORDER = [
  'password',
  'confirmPassword',
  'email',
  'companyEmail',
  'acceptTerms',
];

/**
 * Moves the keyboard focus to the first input of `form`, in the page's order, whose name is one of
 * `names` (the first field with a message, wherever the checks found it). Returns the name focused.
 */
export function focusFirstField(form: HTMLFormElement | null, names: Iterable<string>): string | undefined {
  const wanted = new Set(names);
  const first = Array.from(form?.querySelectorAll<HTMLElement>('[name]') ?? []).find((element) =>
    wanted.has(element.getAttribute('name') ?? ''),
  );
  const name = first?.getAttribute('name') ?? undefined;
  if (name) focusField(form, name);
  return name;
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
