import { useState } from 'react';

/**
 * A typed text and the refusal shown under its field (a missing reason, a wrong amount, the server's
 * field error), or null: typing clears the refusal. `field` is what a ReasonField takes.
 */
export function useTypedText() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onChange = (next: string) => {
    setValue(next);
    setError(null);
  };
  return {
    value,
    error,
    setValue,
    setError,
    onChange,
    /** Empty again, without a refusal (a dialog opened anew). */
    reset: () => {
      setValue('');
      setError(null);
    },
    field: { value, error, onChange },
  };
}

/** What useTypedText gives. */
export type TypedText = ReturnType<typeof useTypedText>;
