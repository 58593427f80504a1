import type { RouteTestInput, RouteTestResult } from '@risala/shared/schemas/gateway-routing';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

/** POST /api/gateway/routers/test {destination, sender, content} → the router and connections chosen now. */
export async function testRoute(input: RouteTestInput): Promise<RouteTestResult> {
  const { data } = await api.post<RouteTestResult>('/api/gateway/routers/test', input, { silent: true });
  return data;
}

export function useTestRoute() {
  return useMutation({ mutationFn: testRoute });
}
