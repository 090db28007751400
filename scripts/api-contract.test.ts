import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  API_CONTRACT_FILE,
  answerShape,
  callersText,
  describeSchema,
  operationAnchor,
  renderApiContract,
} from './api-contract.js';

describe('docs/contract/api.md', () => {
  it('is what `npm run docs:api` makes from the routes now', async () => {
    const written = await fs.readFile(API_CONTRACT_FILE, 'utf8');
    // On a difference: run `npm run docs:api` and commit the page with the change of the routes.
    expect(written).toBe(await renderApiContract(written));
  });

  it('says who may call from the guards: the principal-only and the public calls', async () => {
    const written = await fs.readFile(API_CONTRACT_FILE, 'utf8');
    const entry = (anchor: string) =>
      written.slice(written.indexOf(`<a id="${anchor}">`)).split('\n<a id=')[0];
    expect(entry('delete-users-id')).toContain('**Who may call:** a logged-in Principle');
    expect(entry('get-about')).toContain('**Who may call:** anyone (no token)');
    expect(entry('get-users-profile')).toContain('any logged-in user, of any account type');
    expect(entry('get-classes')).toContain('a logged-in Student, Teacher, Principle or Parent');
  });
});

describe('the generator', () => {
  it('names calls by method and path without /api/', () => {
    expect(operationAnchor('get', '/api/users/student/{id}')).toBe('get-users-student-id');
    expect(operationAnchor('PATCH', '/api/admin/inbox/{kind}/{id}')).toBe('patch-admin-inbox-kind-id');
  });

  it('describes a field in a few words, without the safe-integer bounds', () => {
    expect(describeSchema({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER })).toBe(
      'integer >= 1',
    );
    expect(describeSchema({ type: 'string', minLength: 1, maxLength: 100 })).toBe('string 1-100 chars');
    expect(describeSchema({ enum: ['Male', 'Female'] })).toBe('one of `Male`, `Female`');
  });

  it('shows an answer as its keys, nested where the value has fields', () => {
    expect(
      answerShape({
        type: 'object',
        properties: { data: { type: 'array', items: { type: 'object', properties: { id: {}, name: {} } } } },
      }),
    ).toBe('{ data: [ { id, name } ] }');
  });

  it('reads who may call from x-callers; no guard is anyone', () => {
    expect(callersText({})).toBe('anyone (no token)');
    expect(callersText({ 'x-callers': ['Teacher', 'Principle'] })).toBe('a logged-in Teacher or Principle');
  });
});
