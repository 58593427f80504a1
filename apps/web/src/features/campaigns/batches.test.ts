import { describe, expect, it } from 'vitest';
import { batchImpact, batchState } from './batches.ts';

const base = {
  canceled_at: null,
  processing_status: null,
  gateway_status: null,
  approval_status: null,
  requires_gateway_review: false,
  scheduled_at: '2026-11-26T07:30:00.000Z',
};

describe('batch state', () => {
  it('a batch waiting for the gateway review says so (not "Scheduled")', () => {
    expect(batchState({ ...base, requires_gateway_review: true })).toBe('GATEWAY_REVIEW');
    expect(batchState({ ...base, requires_gateway_review: true, approval_status: 'PORTAL_APPROVED' })).toBe('GATEWAY_REVIEW');
  });

  it('the portal approval comes before the gateway review; a decision, a start or a cancel wins', () => {
    expect(batchState({ ...base, requires_gateway_review: true, approval_status: 'PORTAL_WAITING_FOR_APPROVAL' })).toBe(
      'PORTAL_WAITING_FOR_APPROVAL',
    );
    expect(batchState({ ...base, requires_gateway_review: true, approval_status: 'PORTAL_REJECTED' })).toBe('PORTAL_REJECTED');
    expect(batchState({ ...base, requires_gateway_review: true, gateway_status: 'APPROVED' })).toBe('APPROVED');
    expect(batchState({ ...base, requires_gateway_review: true, gateway_status: 'REJECTED' })).toBe('REJECTED');
    expect(batchState({ ...base, requires_gateway_review: true, processing_status: 'IN_PROGRESS' })).toBe('IN_PROGRESS');
    expect(batchState({ ...base, requires_gateway_review: true, canceled_at: '2026-11-25T06:56:00.000Z' })).toBe('CANCELED');
  });

  it('otherwise: the approval, scheduled or processing', () => {
    expect(batchState(base)).toBe('SCHEDULED');
    expect(batchState({ ...base, approval_status: 'PORTAL_APPROVED' })).toBe('PORTAL_APPROVED');
    expect(batchState({ ...base, scheduled_at: null })).toBe('PROCESSING');
  });
});

describe('what send now and cancel do', () => {
  const batch = (id: number, message_count: number, more: { processing_status?: string; canceled_at?: string } = {}) => ({
    id,
    message_count,
    processing_status: more.processing_status ?? null,
    canceled_at: more.canceled_at ?? null,
  });

  it('send now moves every unstarted, live batch of the campaign', () => {
    const siblings = [batch(1, 10), batch(2, 15), batch(3, 7, { processing_status: 'COMPLETED' }), batch(4, 9, { canceled_at: 'x' })];
    expect(batchImpact('send-now', batch(1, 10), siblings)).toEqual({ messages: 25, batches: 2, lastBatch: false });
  });

  it('cancel concerns this batch only and tells when it is the last live one', () => {
    expect(batchImpact('cancel', batch(1, 10), [batch(1, 10), batch(2, 15)])).toEqual({ messages: 10, batches: 1, lastBatch: false });
    expect(batchImpact('cancel', batch(1, 10), [batch(1, 10), batch(2, 15, { canceled_at: 'x' })])).toEqual({
      messages: 10,
      batches: 1,
      lastBatch: true,
    });
  });

  it('without the siblings, only this batch counts and nothing is claimed about the campaign', () => {
    expect(batchImpact('send-now', batch(1, 10), undefined)).toEqual({ messages: 10, batches: 1, lastBatch: false });
    expect(batchImpact('cancel', batch(1, 10), undefined)).toEqual({ messages: 10, batches: 1, lastBatch: false });
  });
});
