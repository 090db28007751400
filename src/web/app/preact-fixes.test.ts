import { createElement, render } from 'preact/compat';
import { afterEach, describe, expect, it } from 'vitest';
import './preact-fixes.js';

/**
 * The mends of preact-fixes.ts, on Preact itself (the runtime of the build; the other component
 * tests run React). Without the mend, the field below ends with maxLength 0 and takes no typing.
 */
describe('Preact as the build runs it', () => {
  const host = document.createElement('div');
  afterEach(() => render(null, host));

  it('removes a maxLength taken away, as React does, instead of leaving a length of 0', () => {
    render(createElement('input', { name: 'name', maxLength: 100, required: true }), host);
    const input = host.querySelector('input') as HTMLInputElement;
    expect(input.getAttribute('maxlength')).toBe('100');
    expect(input.maxLength).toBe(100);

    render(createElement('input', { name: 'name', maxLength: undefined, required: false }), host);
    expect(host.querySelector('input')).toBe(input);
    expect(input.hasAttribute('maxlength')).toBe(false);
    expect(input.maxLength).toBe(-1);
    expect(input.required).toBe(false);
  });

  it('leaves other elements and props as they are', () => {
    render(createElement('textarea', { name: 'message', rows: 6, maxLength: 5000 }), host);
    const textarea = host.querySelector('textarea') as HTMLTextAreaElement;
    expect(textarea.maxLength).toBe(5000);
    expect(textarea.rows).toBe(6);
  });
});
