import { describe, expect, it } from 'vitest';
import { formatMmSs, formatMSs } from './duration';

describe('durations', () => {
  it('shows the call timer as mm:ss', () => {
    expect([0, 7, 65, 4320].map(formatMmSs)).toEqual(['00:00', '00:07', '01:05', '72:00']);
  });

  it('shows voicemails and call lines as m:ss, dropping fractions', () => {
    expect([0, 7.9, 65, 600].map(formatMSs)).toEqual(['0:00', '0:07', '1:05', '10:00']);
  });
});
