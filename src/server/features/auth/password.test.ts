import { hash } from '@node-rs/argon2';
import { afterEach, describe, expect, it } from 'vitest';
import { ARGON2ID, hashCheaplyInThisTestRun, hashPassword, verifyPassword } from './password.js';

/** The parameters a PHC string names: `$argon2id$v=19$m=…,t=…,p=…$salt$hash`. */
const parametersOf = (passwordHash: string) => passwordHash.split('$')[3];

describe('password hashes', () => {
  const vitest = process.env.VITEST;
  afterEach(() => {
    process.env.VITEST = vitest;
  });

  it("are made with OWASP's minimum argon2id outside a test run", async () => {
    expect(ARGON2ID).toEqual({ algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(parametersOf(await hash('chalk', ARGON2ID))).toBe('m=19456,t=2,p=1');
  });

  it('are made at the test cost in a test run, and a production hash still verifies', async () => {
    const cheap = await hashPassword('chalk');
    expect(cheap.startsWith('$argon2id$')).toBe(true);
    expect(parametersOf(cheap)).toBe('m=1024,t=1,p=1');
    expect(await verifyPassword(cheap, 'chalk')).toBe(true);
    expect(await verifyPassword(cheap, 'chalks')).toBe(false);
    const production = await hash('chalk', ARGON2ID);
    expect(await verifyPassword(production, 'chalk')).toBe(true);
    expect(await verifyPassword(production, 'cheese')).toBe(false);
  });

  it('cannot be made cheap outside a Vitest run', () => {
    delete process.env.VITEST;
    expect(() => hashCheaplyInThisTestRun()).toThrow('Cheap password hashes are for test runs only.');
  });
});
