/** Test helpers of the AI tests: an account with the demo data, and chat calls through the API. */
import { randomUUID } from 'node:crypto';
import { seedDemoData } from '../../demo-data.ts';
import { bearer, type Cast, json, signUpCast, type TestApp } from '../../test/helper.ts';

export async function demoCast(t: TestApp): Promise<Cast & { groups: { id: number; name: string }[] }> {
  const cast = await signUpCast(t);
  await t.ctx.db.transaction((tx) => seedDemoData(tx, cast.owner.accountId, cast.owner.userId));
  const groups = await t.sql<{ id: number; name: string }>(
    'select id, group_name as name from customer_groups where account_id = $1 order by id',
    [cast.owner.accountId],
  );
  return { ...cast, groups };
}

export async function chat(t: TestApp, token: string, query: string, opts: { conversation_id?: string; lang?: 'en' | 'ar' } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ai/chat',
    headers: { ...bearer(token), 'accept-language': opts.lang ?? 'en' },
    payload: {
      query,
      conversation_id: opts.conversation_id ?? randomUUID(),
      context: { platform: 'web', user_type: 'owner', timestamp: new Date().toISOString() },
    },
  });
  return { res, data: res.statusCode === 200 ? json(res).data : null };
}

/** The events of a Server-Sent Events body, in order. */
export function sseEvents(body: string): { event: string; data: any }[] {
  return body
    .split(/\n\n/)
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return event ? { event, data: data ? JSON.parse(data) : null } : null;
    })
    .filter((e): e is { event: string; data: any } => e !== null);
}
