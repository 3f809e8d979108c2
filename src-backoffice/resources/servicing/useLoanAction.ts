import { useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatEuros } from '../../../src-shared/money';
import { errorText, fieldErrors } from '../../components/errors';
import { useTypedText, type TypedText } from '../../components/useTypedText';
import type { BackofficeDataProvider } from '../../providers/dataProvider';
import type { Step } from './StepDialog';

/**
 * The state of one confirmed loan action: its step (inputs, review, receipt), whether its call runs,
 * and the answer the receipt shows. `send(work, inputs)` runs the call from the review step: its
 * answer goes to the receipt; a failure goes back to the inputs with the server's field errors under
 * them (`inputs` by field name) and its message in an error toast. Closing after the receipt
 * refreshes the page (the loan moved).
 */
export function useLoanAction<R>(onClose: () => void) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<BackofficeDataProvider>();
  const [locale = 'en'] = useLocaleState();
  const [step, setStep] = useState<Step>('edit');
  const [pending, setPending] = useState(false);
  const [receipt, setReceipt] = useState<R | null>(null);

  const send = async (work: () => Promise<R>, inputs: Record<string, TypedText> = {}) => {
    setPending(true);
    try {
      setReceipt(await work());
      setStep('done');
    } catch (error) {
      const fields = fieldErrors(error);
      for (const [name, input] of Object.entries(inputs)) if (fields?.[name]) input.setError(fields[name]);
      notify(errorText(error, 'app.notification.save_failed'), { type: 'error' });
      setStep('edit');
    } finally {
      setPending(false);
    }
  };
  const close = () => {
    if (pending) return;
    if (step === 'done') refresh();
    onClose();
  };
  return {
    translate,
    dataProvider,
    locale,
    money: (value: number) => formatEuros(value, locale),
    status: (value: string) => translate(`app.enums.loanStatus.${value}`, { _: value }),
    step,
    setStep,
    pending,
    receipt,
    send,
    dialog: {
      step,
      pending,
      onClose: close,
      onBack: () => setStep('edit'),
    },
  };
}

/**
 * The reason a default or a write-off needs (kept in the loan's history): its text, and the step
 * from the inputs to the review, which refuses an empty reason under the field.
 */
export function useReason(action: { translate: (key: string) => string; setStep: (step: Step) => void }) {
  const reason = useTypedText();
  const onContinue = () => {
    if (reason.value.trim() === '') {
      reason.setError(action.translate('app.servicing.reason_required'));
      return;
    }
    action.setStep('review');
  };
  return { reason, onContinue };
}
