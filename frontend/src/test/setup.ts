import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy… and waitFor wait up to 5 s (not 1 s) for what a test expects to appear: on a loaded
// 2-core machine a debounced search or a lazy route can take longer than a second to render,
// and a test must not fail for the machine's speed. Absence is still checked with queryBy….
configure({ asyncUtilTimeout: 5000 });

// jsdom has no canvas: report "no 2D context" quietly instead of logging "Not implemented".
HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];
