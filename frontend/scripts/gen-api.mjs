// Runs the openapi-typescript CLI with `typescript` resolved to TypeScript 5.
//
// Why: the project's `typescript` is 7 (the native compiler), whose package no longer ships
// the JavaScript compiler API that openapi-typescript builds its output with. TypeScript 5.9
// is installed beside it under the alias `typescript-5`; this hook points openapi-typescript's
// `import ts from "typescript"` at it. Arguments pass straight through to the CLI.
import { createRequire, register } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

register(
  'data:text/javascript,' +
    encodeURIComponent(
      `export async function resolve(specifier, context, next) {
         return next(specifier === 'typescript' ? 'typescript-5' : specifier, context);
       }`,
    ),
  import.meta.url,
);

const pkg = createRequire(import.meta.url).resolve('openapi-typescript/package.json');
await import(pathToFileURL(join(dirname(pkg), 'bin', 'cli.js')).href);
