import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeDatabase, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ engine: 'sqlite', file: path.resolve('./data/schoolyard.sqlite') });
    expect(config.uploadsDir).toBe(path.resolve('./data/uploads'));
    expect(config.demoData).toBe(true);
    expect(config.timeouts).toEqual({
      headers: 15_000,
      request: 900_000,
      bodyMinRate: 1_000,
      keepAlive: 72_000,
      connection: 120_000,
    });
    expect(config.shutdown).toEqual({ idleGrace: 1_000, timeout: 10_000 });
  });

  it('reads the timeouts and the shutdown settings', () => {
    const config = loadConfig({
      HEADERS_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '5000',
      BODY_MIN_RATE: '50',
      KEEP_ALIVE_TIMEOUT_MS: '2000',
      CONNECTION_TIMEOUT_MS: '3000',
      SHUTDOWN_IDLE_GRACE_MS: '0',
      SHUTDOWN_TIMEOUT_MS: '4000',
    });
    expect(config.timeouts).toEqual({
      headers: 1_000,
      request: 5_000,
      bodyMinRate: 50,
      keepAlive: 2_000,
      connection: 3_000,
    });
    expect(config.shutdown).toEqual({ idleGrace: 0, timeout: 4_000 });
  });

  it('refuses a headers timeout longer than the request timeout', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' })).toThrow(
      new ConfigError('Bad configuration: HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS.'),
    );
  });

  it('chooses PostgreSQL for a postgres URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://school:pw@db.example:5433/school' });
    expect(config.database).toEqual({
      engine: 'postgres',
      url: 'postgres://school:pw@db.example:5433/school',
    });
    expect(describeDatabase(config.database)).toBe('PostgreSQL at db.example:5433/school');
  });

  it('reads DEMO_DATA=false and PORT', () => {
    const config = loadConfig({ DEMO_DATA: 'false', PORT: '8080' });
    expect(config.demoData).toBe(false);
    expect(config.port).toBe(8080);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/school' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA'],
    [{ HEADERS_TIMEOUT_MS: '15s' }, 'HEADERS_TIMEOUT_MS'],
    [{ REQUEST_TIMEOUT_MS: '50' }, 'REQUEST_TIMEOUT_MS'],
    [{ BODY_MIN_RATE: '0' }, 'BODY_MIN_RATE'],
    [{ KEEP_ALIVE_TIMEOUT_MS: '1.5' }, 'KEEP_ALIVE_TIMEOUT_MS'],
    [{ CONNECTION_TIMEOUT_MS: '-1' }, 'CONNECTION_TIMEOUT_MS'],
    [{ SHUTDOWN_IDLE_GRACE_MS: 'soon' }, 'SHUTDOWN_IDLE_GRACE_MS'],
    [{ SHUTDOWN_TIMEOUT_MS: '99999999999' }, 'SHUTDOWN_TIMEOUT_MS'],
  ])('refuses %j with one sentence naming the variable', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain(variable);
      expect(message.split('\n')).toHaveLength(1);
    }
  });
});
