/**
 * Brings the server's build up to date before any test file runs (`tsc -b`, a no-op after
 * `npm test`'s typecheck). The tests that start the server or its command line as a process run
 * the build, as production does: through tsx, compiling the sources as they load, each start took
 * about two seconds more of CPU (issue 45). Once here, not in each file: two files building at
 * once could read each other's half-written output.
 */
import { buildServer } from '../../reliability/server-process.js';

export default function setup(): void {
  buildServer();
}
