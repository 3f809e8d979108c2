import type { ComponentProps, Ref } from 'react';
import Box from '@mui/material/Box';
import { useHydrated } from '../lib/useHydrated';

/** A fieldset that takes no part in the layout: its children are laid out by the form's own box. */
const CONTENTS = { display: 'contents' } as const;

/**
 * A form of a page rendered on the server (login, registration, the ventures filter): until React
 * has hydrated it, its fields and buttons are disabled (a disabled fieldset), so nothing can be
 * typed or sent before the page's code runs. Typed text would be lost to the hydration (React keeps
 * the field's text but not the state behind it), and a press of the submit button would send the
 * form the browser's way: a GET with the password in the address (decision 0225).
 */
export function HydratedForm({
  children,
  ref,
  ...props
}: Omit<ComponentProps<typeof Box<'form'>>, 'component'> & { ref?: Ref<HTMLFormElement> }) {
  const hydrated = useHydrated();
  return (
    <Box component="form" ref={ref} {...props}>
      <fieldset disabled={!hydrated} style={CONTENTS}>
        {children}
      </fieldset>
    </Box>
  );
}
