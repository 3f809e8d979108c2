import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { translateFieldErrors } from '../../../src-shared/i18n/errors';
import { useGlobalLoading } from '../../components/LoadingProvider';
import { AUTH_TOAST_MS, useToast } from '../../components/ToastProvider';
import { failureText } from '../../lib/errors';
import { useFocusFirst, useForm } from '../form/useForm';
import { REGISTRATION_CHECK_ORDER, registrationProblems, toastKeyOf, trimAll } from '../form/validation';

interface RegistrationValues {
  email: string;
  password: string;
  confirmPassword: string;
  companyEmail?: string;
  /** The consent to the terms of use and the privacy policy (the server needs `true`). */
  acceptTerms: boolean;
}

interface RegistrationOptions<T extends RegistrationValues> {
  /** The registration call (a mutation of ./api.ts) with the trimmed values without the confirmation;
   * it is made only once the consent is given, so `acceptTerms` is `true`. */
  send: (
    payload: Omit<T, 'confirmPassword' | 'acceptTerms'> & { acceptTerms: true },
  ) => Promise<{ email?: string }>;
  required: readonly (keyof T & string)[];
  lengthMessageKey: 'auth.errors.passwordShouldBe8' | 'auth.errors.passwordMustBe8';
  successKey: 'auth.register.success' | 'auth.registerCorporate.success';
}

/**
 * The state and submit of both registration forms, starting from `initial`: the form, the ref of its
 * <form> element (for the focus), whether it is being sent, and the submit handler.
 *
 * The submit (spec 4, 5 and 8; issue 25): every field's problem at once, each under its field, the
 * focus on the first of them in the page's order and the spec's first message as a toast (decision
 * 0104); the trimmed payload without the confirmation; success toast and the verify-email screen; on
 * failure the refusal as a toast and every field message the server sent under its field (translated
 * by code), the focus on the first, else 'Registration failed.', with the no-response and network
 * texts.
 */
export function useRegistration<T extends RegistrationValues>(
  initial: T,
  { send, required, lengthMessageKey, successKey }: RegistrationOptions<T>,
) {
  const form = useForm<T>(initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [submitting, setSubmitting] = useState(false);
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { setLoading } = useGlobalLoading();
  const navigate = useNavigate();

  const focusFirst = useFocusFirst(formRef);
  /** Shows `messages` under their fields and focuses the first of them. */
  const showFieldMessages = (messages: Record<string, string>) => {
    form.setErrors(messages);
    focusFirst(Object.keys(messages));
  };

  const register = async () => {
    const values = trimAll(form.values);
    const problems = registrationProblems(values, required, lengthMessageKey);
    const toastKey = toastKeyOf(problems, REGISTRATION_CHECK_ORDER);
    if (toastKey) {
      showFieldMessages(
        Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key ?? '')])),
      );
      toast.error(t(toastKey), AUTH_TOAST_MS);
      return;
    }
    form.setErrors({});
    const { confirmPassword: _confirmation, acceptTerms: _accepted, ...rest } = values;
    const payload = { ...rest, acceptTerms: true as const };
    setSubmitting(true);
    setLoading(true);
    try {
      const response = await send(payload);
      toast.success(t(successKey), AUTH_TOAST_MS);
      const email = typeof response?.email === 'string' && response.email ? response.email : payload.email;
      navigate(`/verify-email?email=${encodeURIComponent(email)}`);
    } catch (error) {
      showFieldMessages(translateFieldErrors(i18n, error));
      toast.error(
        failureText(i18n, error, {
          fallback: t('auth.register.failed'),
          noResponse: t('auth.errors.noResponse'),
          network: t('auth.errors.network'),
        }),
        AUTH_TOAST_MS,
      );
    } finally {
      setSubmitting(false);
      setLoading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void register();
  };

  return { form, formRef, submitting, submit };
}
