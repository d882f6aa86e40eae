import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// The hook's own timing and ordering against a channel that joins when the test says so; the real
// channel (REST fallback, private topic authorization) is covered by tests/e2e/support-live.spec.ts.
type Status = 'SUBSCRIBED' | 'CHANNEL_ERROR' | 'CLOSED';
interface FakeChannel {
  sent: Array<{ active: boolean; name?: string }>;
  join: (status: Status) => void;
}
const channels: FakeChannel[] = [];

vi.mock('@/lib/load-supabase.ts', () => ({
  loadSupabase: async () => ({
    channel: () => {
      let onStatus: (status: Status) => void = () => undefined;
      const fake: FakeChannel = { sent: [], join: (status) => onStatus(status) };
      channels.push(fake);
      const api = {
        on: () => api,
        subscribe: (callback: (status: Status) => void) => {
          onStatus = callback;
          return api;
        },
        send: async ({ payload }: { payload: { active: boolean; name?: string } }) => {
          fake.sent.push(payload);
          return 'ok';
        },
        unsubscribe: async () => 'ok',
      };
      return api;
    },
  }),
}));

const { useTicketTyping } = await import('@/lib/realtime/ticket-typing.ts');

async function opened(name: string | null) {
  channels.length = 0;
  const hook = renderHook(() => useTicketTyping('t-1', name));
  await waitFor(() => expect(channels).toHaveLength(1));
  return { hook, channel: channels[0]! };
}

describe('useTicketTyping', () => {
  it('sends what the user typed before the channel joined once it has joined, with their name', async () => {
    const { hook, channel } = await opened('Sam Support');
    act(() => hook.result.current.notifyTyping());
    act(() => hook.result.current.notifyTyping());
    expect(channel.sent).toEqual([]);
    act(() => channel.join('SUBSCRIBED'));
    expect(channel.sent).toEqual([{ active: true, name: 'Sam Support' }]);
    // Throttled after that, as before.
    act(() => hook.result.current.notifyTyping());
    expect(channel.sent).toHaveLength(1);
  });

  it('sends only the latest state when the user typed and then emptied the box before the join', async () => {
    const { hook, channel } = await opened(null);
    act(() => hook.result.current.notifyTyping());
    act(() => hook.result.current.stopTyping());
    act(() => channel.join('SUBSCRIBED'));
    expect(channel.sent).toEqual([{ active: false }]);
  });

  it('sends nothing on join when the user has not typed, and holds events while the channel is down', async () => {
    const { hook, channel } = await opened(null);
    act(() => channel.join('SUBSCRIBED'));
    expect(channel.sent).toEqual([]);
    act(() => channel.join('CHANNEL_ERROR'));
    act(() => hook.result.current.notifyTyping());
    expect(channel.sent).toEqual([]);
    act(() => channel.join('SUBSCRIBED'));
    expect(channel.sent).toEqual([{ active: true }]);
  });
});
