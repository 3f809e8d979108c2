import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../../src-shared/api/http';
import type { TicketCreateBody, TicketRow, TicketThread } from '../../../src-shared/api/types';
import { investmentKeys } from '../api';

export type { TicketRow, TicketThread };
export type TicketStatusFilter = 'all' | TicketRow['status'];

/**
 * The investor's support tickets: GET /api/tickets/mine (their own, newest first), GET
 * /api/tickets/{id} (the thread), POST /api/tickets (a new one) and POST /api/tickets/{id}/messages
 * (a reply). A new ticket or a reply refreshes the lists and the dashboard (its Open Tickets card).
 */
export const ticketKeys = {
  all: ['tickets'] as const,
  mine: (status: TicketStatusFilter, page: number) => [...ticketKeys.all, 'mine', status, page] as const,
  one: (id: string) => [...ticketKeys.all, 'one', id] as const,
};

export const TICKETS_PER_PAGE = 10;

export function useMyTickets(status: TicketStatusFilter, page: number) {
  return useQuery({
    queryKey: ticketKeys.mine(status, page),
    queryFn: async () =>
      call(
        api.GET('/api/tickets/mine', {
          params: { query: { status, page, limit: TICKETS_PER_PAGE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(id: string) {
  return useQuery({
    queryKey: ticketKeys.one(id),
    queryFn: async (): Promise<TicketThread> =>
      (await call(api.GET('/api/tickets/{id}', { params: { path: { id } } }))).data,
    retry: false,
  });
}

function useRefreshTickets() {
  const queryClient = useQueryClient();
  return (ticket: TicketThread) => {
    queryClient.setQueryData(ticketKeys.one(ticket._id), ticket);
    void queryClient.invalidateQueries({ queryKey: [...ticketKeys.all, 'mine'] });
    void queryClient.invalidateQueries({ queryKey: investmentKeys.dashboard() });
  };
}

export function useCreateTicket() {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: async (body: TicketCreateBody) => (await call(api.POST('/api/tickets', { body }))).data,
    onSuccess: refresh,
  });
}

export function useReplyToTicket(id: string) {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: async (message: string) =>
      (await call(api.POST('/api/tickets/{id}/messages', { params: { path: { id } }, body: { message } })))
        .data,
    onSuccess: refresh,
  });
}
