// Types of icons.mjs for vite.config.ts (the project type-checks TypeScript only).
export interface AppIcon {
  file: string;
  size: number;
  kind: 'any' | 'maskable';
}
export const ICONS: readonly AppIcon[];
export function drawIcon(icon: Pick<AppIcon, 'size' | 'kind'>): Buffer;
