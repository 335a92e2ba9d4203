import { describe, expect, it } from 'vitest';
import { formatCents, parseDollars } from './money';

describe('formatCents', () => {
  it.each([
    [0, '$0.00'],
    [1, '$0.01'],
    [5000, '$50.00'],
    [8999, '$89.99'],
    [125000, '$1,250.00'],
    [100000000, '$1,000,000.00'],
    [-250, '-$2.50'],
  ])('%i cents reads %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe('parseDollars', () => {
  it.each([
    ['1', 100],
    ['1.01', 101],
    ['1.99', 199],
    ['0.1', 10],
    ['.5', 50],
    ['12.', 1200],
    ['1,250.00', 125000],
    [' 20.30 ', 2030],
    ['0.29', 29],
    ['1.15', 115],
  ])('reads %j as %i cents exactly', (text, cents) => {
    expect(parseDollars(text)).toBe(cents);
  });

  it.each(['', '.', 'abc', '-1', '1.005', '1e3', '1.2.3', '$5'])('refuses %j', (text) => {
    expect(parseDollars(text)).toBeNull();
  });
});
