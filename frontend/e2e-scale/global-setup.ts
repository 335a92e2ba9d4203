//! The scale test's setup: scripts/scale-test.sh has started two instances, an S3 server and
//! nginx; this hands their addresses to the test, under the names e2e/flows.ts reads (its
//! `baseUrl` is nginx's address, so every step of flows.ts goes through the proxy).
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Each instance's own address (not through nginx), in the order of the run's instance-N.sh. */
    instances: string[];
    /** The run's folder: instance-N.sh (starts instance N), instance-N.pid, the logs. */
    scaleRun: string;
    /** The S3 server's folder for the media bucket (s3s-fs keeps an object as a file under its key). */
    s3BucketDir: string;
  }
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the scale test with make scale-test (scripts/scale-test.sh)`);
  return value;
}

export default function setup(project: TestProject) {
  project.provide('baseUrl', required('ATELIER_SCALE_URL'));
  project.provide('atelierBin', required('ATELIER_BIN'));
  project.provide('databaseUrl', required('ATELIER_SCALE_DATABASE_URL'));
  project.provide('mediaStore', required('ATELIER_SCALE_MEDIA_STORE'));
  project.provide('instances', required('ATELIER_SCALE_INSTANCES').split(','));
  project.provide('scaleRun', required('ATELIER_SCALE_RUN'));
  project.provide('s3BucketDir', required('ATELIER_SCALE_S3_BUCKET_DIR'));
}
