//! Lengths of time as the voice screens show them: the call timer and the 'Call ended' toast in
//! mm:ss, voicemails and call lines in m:ss.

function parts(totalSeconds: number): [number, number] {
  const whole = Math.max(0, Math.floor(totalSeconds));
  return [Math.floor(whole / 60), whole % 60];
}

/** '00:07', '01:05', '72:00': the call timer. */
export function formatMmSs(totalSeconds: number): string {
  const [minutes, seconds] = parts(totalSeconds);
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** '0:07', '1:05': a voicemail's or a call line's length. */
export function formatMSs(totalSeconds: number): string {
  const [minutes, seconds] = parts(totalSeconds);
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
