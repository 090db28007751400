import { afterEach, beforeEach } from 'vitest';

/**
 * Puts the test's "device" in another time zone than the school's (TEST_SCHOOL: New York) for the
 * tests of the `describe` it is called in: Node reads TZ again when it changes, so a screen that
 * formats with the device's clock shows that zone's times, and the test sees it.
 */
export function onDeviceIn(timeZone: string): void {
  const deviceZone = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = timeZone;
  });
  afterEach(() => {
    if (deviceZone === undefined) delete process.env.TZ;
    else process.env.TZ = deviceZone;
  });
}
