import { describe, expect, it } from 'vitest';
import { messageStructureProblem } from './message-structure.js';

/** Whether a text may stand in for a message: the catalogs' translations and the school's own words. */
describe('messageStructureProblem', () => {
  it('lets any wording through that keeps the values and their use', () => {
    expect(messageStructureProblem('Registation form', 'Registration form')).toBeUndefined();
    expect(messageStructureProblem('Remove {name}', '{name}: take it away')).toBeUndefined();
    expect(
      messageStructureProblem(
        '{count, plural, one {# waiting} other {# waiting}}',
        '{count, plural, =0 {nobody} other {# in the queue}}',
      ),
    ).toBeUndefined();
    expect(
      messageStructureProblem(
        'New here? <link>Register</link>.',
        '<link>Make an account</link>, new friend!',
      ),
    ).toBeUndefined();
  });

  it('says where a text stops being a message', () => {
    expect(messageStructureProblem('Registation form', 'Registration {form')).toEqual({
      kind: 'syntax',
      offset: expect.any(Number),
    });
    expect(messageStructureProblem('{count, plural, other {#}}', '{count, plural, one {#}}')).toMatchObject({
      kind: 'syntax',
    });
  });

  it('names the value left out, added, or used another way', () => {
    expect(messageStructureProblem('Remove {name}', 'Remove it')).toEqual({
      kind: 'missing',
      name: 'name',
      tag: false,
    });
    expect(messageStructureProblem('New here? <link>Register</link>.', 'New here? Register.')).toEqual({
      kind: 'missing',
      name: 'link',
      tag: true,
    });
    expect(messageStructureProblem('Remove {name}', 'Remove {name} from {place}')).toEqual({
      kind: 'extra',
      name: 'place',
      tag: false,
    });
    expect(
      messageStructureProblem('Remove {name}', 'Remove {name, plural, one {# photo} other {# photos}}'),
    ).toEqual({ kind: 'different', name: 'name', tag: false });
    expect(messageStructureProblem('Remove {name}', 'Remove <name>it</name>')).toEqual({
      kind: 'different',
      name: 'name',
      tag: false,
    });
  });
});
