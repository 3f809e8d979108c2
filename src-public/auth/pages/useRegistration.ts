import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { translateFieldErrors } from '../../../src-shared/i18n/errors';
import { useGlobalLoading } from '../../components/LoadingProvider';
import { AUTH_TOAST_MS, useToast } from '../../components/ToastProvider';
import { failureText } from '../../lib/errors';
import { useForm } from '../form/useForm';
import { focusField, missingFields, registrationProblem, trimAll } from '../form/validation';

interface RegistrationValues {
  email: string;
  password: string;
  confirmPassword: string;
  companyEmail?: string;
}

interface RegistrationOptions<T extends RegistrationValues> {
  /** The registration call (a mutation of ./api.ts) with the trimmed values without the confirmation. */
  send: (payload: Omit<T, 'confirmPassword'>) => Promise<{ email?: string }>;
  required: readonly (keyof T & string)[];
  lengthMessageKey: 'auth.errors.passwordShouldBe8' | 'auth.errors.passwordMustBe8';
  successKey: 'auth.register.success' | 'auth.registerCorporate.success';
}

/**
 * The state and submit of both registration forms, starting from `initial`: the form, the ref of its
 * <form> element (for the focus), whether it is being sent, and the submit handler.
 *
 * The submit (spec 4, 5 and 8): required fields, then the spec's checks in order, each failure as a
 * toast and under its field; the trimmed payload without the confirmation; success toast and the
 * verify-email screen; on failure the refusal and its field messages translated by code, else
 * 'Registration failed.', with the no-response and network texts.
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

  const register = async () => {
    const values = trimAll(form.values);
    const missing = missingFields(values, required);
    if (missing.length > 0) {
      form.setErrors(Object.fromEntries(missing.map((key) => [key, t('form.requiredField')])));
      toast.error(t('auth.errors.required'), AUTH_TOAST_MS);
      focusField(formRef.current, String(missing[0]));
      return;
    }
    const problem = registrationProblem(values, lengthMessageKey);
    if (problem) {
      const message = t(problem.messageKey);
      form.setErrors({ [problem.field]: message });
      toast.error(message, AUTH_TOAST_MS);
      focusField(formRef.current, problem.field);
      return;
    }
    form.setErrors({});
    const { confirmPassword: _confirmation, ...payload } = values;
    setSubmitting(true);
    setLoading(true);
    try {
      const response = await send(payload);
      toast.success(t(successKey), AUTH_TOAST_MS);
      const email = typeof response?.email === 'string' && response.email ? response.email : payload.email;
      navigate(`/verify-email?email=${encodeURIComponent(email)}`);
    } catch (error) {
      form.setErrors(translateFieldErrors(i18n, error));
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
