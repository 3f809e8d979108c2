import { useMutation } from '@tanstack/react-query';
import { api, call, type ApiClient } from '../../src-shared/api/http';
import type { RequestBody } from '../../src-shared/api/types';

/**
 * The public pages' calls: the contact form (POST /api/contact, anyone, also signed in). The page
 * shows its own success text and translates a refusal (field errors, 429) by its code.
 */
export type ContactMessage = RequestBody<'/api/contact', 'post'>;

/** Sends a contact message (the page's client by default; tests pass one against a real server). */
export function sendContactMessage(body: ContactMessage, client: ApiClient = api) {
  return call(client.POST('/api/contact', { body }));
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: (body: ContactMessage) => sendContactMessage(body) });
}
