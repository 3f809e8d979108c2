/**
 * A form of a page rendered on the server stays disabled until React has hydrated it (decision
 * 0225): what is typed before would be lost (React keeps the text, not the state behind it) and a
 * press of the submit button would send the form the browser's way, a GET with the password in the
 * address (the admin journey's sign-in landed on /login?email=…&password=… under load).
 */
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydratedForm } from '../../src-public/components/HydratedForm';

const submitted = vi.fn((event: { preventDefault(): void }) => event.preventDefault());

function LoginLikeForm() {
  return (
    <HydratedForm onSubmit={submitted} noValidate sx={{ display: 'grid', gap: 2 }}>
      <input name="email" aria-label="Email" />
      <input name="password" type="password" aria-label="Password" />
      <button type="submit">Login</button>
    </HydratedForm>
  );
}

let container: HTMLDivElement;
afterEach(() => {
  container?.remove();
  submitted.mockClear();
});

function mount(html = '') {
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

const controls = () => [...container.querySelectorAll('input, button')] as HTMLInputElement[];

describe('a form rendered on the server', () => {
  it('comes in the HTML with its fields and button disabled', () => {
    mount(renderToString(<LoginLikeForm />));
    expect(container.querySelector('fieldset')?.disabled).toBe(true);
    expect(controls().map((control) => control.matches(':disabled'))).toEqual([true, true, true]);
  });

  it('is enabled once hydrated, without a hydration error', async () => {
    const errors: unknown[] = [];
    mount(renderToString(<LoginLikeForm />));
    const form = container.querySelector('form');
    await act(async () => {
      hydrateRoot(container, <LoginLikeForm />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    // The same elements, hydrated rather than rendered anew.
    expect(container.querySelector('form')).toBe(form);
    expect(controls().map((control) => control.matches(':disabled'))).toEqual([false, false, false]);
    container.querySelector('button')!.click();
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('is enabled from the first render when the page is rendered in the browser only', () => {
    mount();
    const root = createRoot(container);
    act(() => root.render(<LoginLikeForm />));
    expect(controls().map((control) => control.matches(':disabled'))).toEqual([false, false, false]);
    act(() => root.unmount());
  });
});
