//! Query and mutation keys of tips.
export const tipKeys = {
  all: ['tips'] as const,
  send: () => ['tips', 'send'] as const,
};
