import fs from 'node:fs';

/**
 * Preloaded into a test's server processes (NODE_OPTIONS=--import): a process that starts while the file named
 * by HOLD_START_WHILE exists waits there, before it loads anything else, until the test removes the file. So a
 * test sees a process between its fork and its first answer for as long as it needs, however fast the machine
 * starts it. A process started while the file is absent is not held.
 */
const gate = process.env.HOLD_START_WHILE;
if (gate) {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (fs.existsSync(gate)) Atomics.wait(pause, 0, 0, 20);
}
