import { describe, expect, it } from 'vitest';
import { destinationClass, partsCost, saudiOperatorOf } from './destination.ts';

describe('saudiOperatorOf', () => {
  it.each([
    ['+966501234567', 'stc'],
    ['+966531234567', 'stc'],
    ['+966551234567', 'stc'],
    ['+966570123456', 'stc'],
    ['+966541234567', 'mobily'],
    ['+966561234567', 'mobily'],
    ['+966577123456', 'mobily'],
    ['+966581234567', 'zain'],
    ['+966591234567', 'zain'],
    ['0591234567', 'zain'],
    ['00966541234567', 'mobily'],
  ])('%s is on %s', (n, op) => expect(saudiOperatorOf(n)).toBe(op));

  it('is null for a landline, an unassigned prefix, a wrong length and a foreign number', () => {
    expect(saudiOperatorOf('+966112345678')).toBeNull();
    expect(saudiOperatorOf('+966521234567')).toBeNull();
    expect(saudiOperatorOf('+96650123456')).toBeNull();
    expect(saudiOperatorOf('+971501234567')).toBeNull();
  });
});

describe('destinationClass', () => {
  it('is on-net on the home network and off-net on another Saudi network', () => {
    expect(destinationClass('+966501234567', 'stc')).toBe('on_net');
    expect(destinationClass('+966541234567', 'stc')).toBe('off_net');
    expect(destinationClass('+966541234567', 'mobily')).toBe('on_net');
    expect(destinationClass('+966591234567', 'mobily')).toBe('off_net');
  });

  it('treats an MVNO number as its host network', () => {
    expect(destinationClass('+966571234567', 'stc')).toBe('on_net');
    expect(destinationClass('+966578123456', 'stc')).toBe('off_net');
  });

  it('is off-net for a Saudi number of no known network and international outside Saudi Arabia', () => {
    expect(destinationClass('+966112345678', 'stc')).toBe('off_net');
    expect(destinationClass('+971501234567', 'stc')).toBe('international');
    expect(destinationClass('+14155550100', 'zain')).toBe('international');
    expect(destinationClass('+96650', 'stc')).toBe('off_net');
  });
});

describe('partsCost', () => {
  const rates = { on_net: 8, off_net: 10, international: 30 };
  it('charges each part at its class rate in minor units', () => {
    expect(partsCost('+966501234567', 2, rates, 'stc')).toBe(16);
    expect(partsCost('+966581234567', 3, rates, 'stc')).toBe(30);
    expect(partsCost('+447700900123', 1, rates, 'stc')).toBe(30);
  });
});
