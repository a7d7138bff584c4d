import { describe, expect, it, vi } from 'vitest';
import {
  forgetSentAtConnect,
  sendRequestsOnConnect,
  sentAtConnectFilled,
  sentAtConnectFor,
} from './connect-early-requests';

const connection = {
  serviceUrl: 'https://api.example.test',
  apiKey: 'onn_live_0123456789abcdef0123456789abcdef0123456789ab3f9a',
  skillsPath: null,
};

describe('requests sent when Connect is pressed', () => {
  it("sends the table's description and first page with the typed key, for its client to take", async () => {
    const network = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) => new Response('{}'),
    );
    vi.stubGlobal('fetch', network);
    try {
      sendRequestsOnConnect(connection, '/tables/t1?sort=amount:desc', true);
      const sent = network.mock.calls.map(([url]) => String(url));
      expect(sent).toEqual([
        'https://api.example.test/api/public/v1/tables/t1',
        expect.stringMatching(
          /^https:\/\/api\.example\.test\/api\/public\/v1\/tables\/t1\/records\?/,
        ),
        // The sidebar's first page of tables, beside the screen's own requests.
        'https://api.example.test/api/public/v1/tables?limit=100',
      ]);
      expect(sent[1]).toContain('sort=amount%3Adesc');
      // Sent only to the configured service, with the key in a header, never in the URL.
      expect(sent.join(' ')).not.toContain(connection.apiKey);

      // The client for the same connection takes the reply instead of asking again.
      const sentAtConnect = sentAtConnectFor(connection);
      expect(sentAtConnect?.hash).toBe('#/tables/t1?sort=amount:desc');
      const take = sentAtConnect?.fetch;
      const init = { headers: { Authorization: `Bearer ${connection.apiKey}` } };
      await take?.(sent[0] as string, init);
      expect(network).toHaveBeenCalledTimes(3);
      // Taken once: the next GET of that URL is the client's own request.
      await take?.(sent[0] as string, init);
      expect(network).toHaveBeenCalledTimes(4);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('hands nothing to a client for another key, and sends nothing for a screen without first requests', () => {
    const network = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) => new Response('{}'),
    );
    vi.stubGlobal('fetch', network);
    try {
      sendRequestsOnConnect(connection, '/tables/t1', true);
      expect(sentAtConnectFor({ ...connection, apiKey: 'onn_live_other' })).toBeNull();
      network.mockClear();
      sendRequestsOnConnect(connection, '/tasks', false);
      expect(network).not.toHaveBeenCalled();
      expect(sentAtConnectFor(connection)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('leaving the connect screen once its replies are in the cache', () => {
  it('waits for the cache to be filled, and no longer than it was told', async () => {
    vi.useFakeTimers();
    try {
      let fill = () => {};
      forgetSentAtConnect(new Promise<void>((resolve) => (fill = resolve)));
      let left = false;
      const leaving = sentAtConnectFilled(250).then(() => {
        left = true;
      });
      await vi.advanceTimersByTimeAsync(100);
      expect(left).toBe(false);
      fill();
      await leaving;
      expect(left).toBe(true);

      // Replies that never come: the screen moves on after the wait.
      forgetSentAtConnect(new Promise<void>(() => {}));
      let movedOn = false;
      const slow = sentAtConnectFilled(250).then(() => {
        movedOn = true;
      });
      await vi.advanceTimersByTimeAsync(249);
      expect(movedOn).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await slow;
      expect(movedOn).toBe(true);
      // Nothing sent at Connect (a screen without first requests): nothing to wait for.
      await expect(sentAtConnectFilled(250)).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
