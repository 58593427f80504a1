/**
 * Where message status changes are told: the webhooks out (always), then whatever else listens in
 * this process (the SMPP server's delivery receipts) — in the caller's transaction or on its pool,
 * like the change itself, so nothing is told about a change that did not commit.
 */
import { emitMessageStatuses, type MessageStatusChange } from '../../webhooks/index.ts';

type Runner = Parameters<typeof emitMessageStatuses>[0];
export type StatusListener = (db: Runner, changes: MessageStatusChange[]) => Promise<unknown>;

const listeners = new Set<StatusListener>();

/** Listen to every status change this process writes (idempotent: a listener is added once). */
export function onMessageStatuses(listener: StatusListener): void {
  listeners.add(listener);
}

export async function publishStatuses(db: Runner, changes: MessageStatusChange[]): Promise<void> {
  if (changes.length === 0) return;
  await emitMessageStatuses(db, changes);
  for (const listener of listeners) await listener(db, changes);
}
