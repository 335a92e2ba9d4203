import { describe, expect, it } from 'vitest';
import { callReducer, IDLE, isActive, type CallAction, type CallState } from './call-machine';

const leo = { id: 2, displayName: 'Leo Park', profileImageUrl: null };
const start: CallAction = { type: 'start', peer: leo, conversationId: 10 };
const ring: CallAction = { type: 'ring', peer: leo, conversationId: 10 };

function run(...actions: CallAction[]): CallState {
  return actions.reduce(callReducer, IDLE);
}

describe('the call state machine', () => {
  it('goes from idle to calling when a call is started, and to in-call on callAccepted', () => {
    expect(run(start)).toEqual({ status: 'calling', peer: leo, conversationId: 10 });
    expect(run(start, { type: 'answered' })).toEqual({
      status: 'in-call',
      peer: leo,
      conversationId: 10,
      connectedAt: null,
      muted: false,
      speakerOn: true,
    });
  });

  it('leaves calling for idle on cancel, and for the ended screen on a rejection or the time-out', () => {
    expect(run(start, { type: 'hangUp' })).toBe(IDLE);
    for (const reason of ['declined', 'busy', 'offline', 'timeout'] as const) {
      expect(run(start, { type: 'unanswered', reason })).toEqual({ status: 'ended', peer: leo, conversationId: 10, reason });
    }
    expect(run(start, { type: 'unanswered', reason: 'timeout' }, { type: 'dismiss' })).toBe(IDLE);
  });

  it('goes from incoming to in-call on accept, and to idle on reject', () => {
    expect(run(ring).status).toBe('incoming');
    expect(run(ring, { type: 'accept' }).status).toBe('in-call');
    expect(run(ring, { type: 'hangUp' })).toBe(IDLE);
  });

  it('starts the timer once the audio connects, only once', () => {
    const connected = run(start, { type: 'answered' }, { type: 'connected', at: 1000 }, { type: 'connected', at: 5000 });
    expect(connected).toMatchObject({ status: 'in-call', connectedAt: 1000 });
  });

  it('toggles mute and speaker in a call only', () => {
    expect(run(start, { type: 'answered' }, { type: 'toggleMute' }, { type: 'toggleSpeaker' })).toMatchObject({
      muted: true,
      speakerOn: false,
    });
    expect(run(start, { type: 'toggleMute' })).toEqual(run(start));
  });

  it('goes from in-call to idle on end or callEnded', () => {
    expect(run(ring, { type: 'accept' }, { type: 'hangUp' })).toBe(IDLE);
  });

  it('ignores what does not apply: a second call or ring while busy, an answer that was not awaited', () => {
    const calling = run(start);
    expect(callReducer(calling, ring)).toBe(calling);
    expect(callReducer(calling, { ...start, conversationId: 11 })).toBe(calling);
    expect(run({ type: 'answered' })).toBe(IDLE);
    expect(run(ring, { type: 'answered' }).status).toBe('incoming');
    expect(run(ring, { type: 'unanswered', reason: 'declined' }).status).toBe('incoming');
  });

  it('lets a new call replace the ended screen', () => {
    const ended = run(start, { type: 'unanswered', reason: 'declined' });
    expect(isActive(ended)).toBe(false);
    expect(callReducer(ended, ring).status).toBe('incoming');
  });
});
