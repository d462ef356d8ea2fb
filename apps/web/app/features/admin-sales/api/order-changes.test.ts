import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ADMIN_QUERY_ROOT } from '~/lib/console/admin-client';
import { refreshAfterChange } from './order-changes';

describe('refreshAfterChange', () => {
  it('marks every console query stale but the change dialogs’ quotes, which a change makes answer 409', async () => {
    const client = new QueryClient();
    const attendee = '/orders/SFG24-ABC/attendees/5f0c';
    const keys = {
      order: [ADMIN_QUERY_ROOT, '/orders/SFG24-ABC'],
      list: [ADMIN_QUERY_ROOT, '/orders?status=paid'],
      cancellation: [ADMIN_QUERY_ROOT, `${attendee}/cancellation`],
      ticketChange: [ADMIN_QUERY_ROOT, `${attendee}/ticket-change`],
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { loaded: true });
    refreshAfterChange(client);
    const invalidated = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(keys.order)).toBe(true);
    expect(invalidated(keys.list)).toBe(true);
    expect(invalidated(keys.cancellation)).toBe(false);
    expect(invalidated(keys.ticketChange)).toBe(false);
  });
});
