//! The posts' relative time lives in lib/relative-time.ts (stories use the same rules); this
//! re-export keeps the post components' import path.
export { relativeTime } from '@/lib/relative-time';
