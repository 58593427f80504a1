import type { DbOrTx } from '../../db/client.ts';
import { insertRouter } from '../routing/index.ts';
import { insertConnection } from './connections.repo.ts';

export const SANDBOX_CONNECTION_NAME = 'Sandbox SMSC';
export const SANDBOX_ROUTER_NAME = 'Default router';

/**
 * What a new account gets so it can send at once: a sandbox SMPP connection to the SMSC
 * simulator, wanted started. Its address and credentials are resolved from the configuration
 * when the manager starts it (the simulator's port can change between runs). Called inside the
 * account-creation transaction; the routing area adds the default router here too.
 */
export async function seedSandboxGateway(tx: DbOrTx, accountId: number): Promise<{ connectionId: number; routerId: number }> {
  const connectionId = await insertConnection(tx, accountId, {
    connection_name: SANDBOX_CONNECTION_NAME,
    type: 'smpp',
    host: '127.0.0.1',
    port: 2775,
    system_id: 'sandbox',
    bind_mode: 'transceiver',
    window_size: 300,
    message_per_second: 9999,
    bind_timeout_s: 10,
    reconnect_delay_s: 2,
    is_sandbox: true,
    desired_state: 'started',
  });
  // routing: the ACTIVE default router sends everything through the sandbox connection
  const router = await insertRouter(tx, {
    account_id: accountId,
    router_name: SANDBOX_ROUTER_NAME,
    router_type: 'default',
    order: 100,
    status: 'ACTIVE',
    connection_ids: [connectionId],
  });
  return { connectionId, routerId: router.id };
}
