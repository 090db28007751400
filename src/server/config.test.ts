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
