//! Query keys of calls.
export const callKeys = {
  all: ['calls'] as const,
  rtcConfig: () => ['calls', 'rtc-config'] as const,
};
