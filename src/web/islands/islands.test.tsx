import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { type ComponentType, useId, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useSchool } from '../components/layout/school.js';
import { allowConsoleErrors } from '../test/console.js';
import { testTranslator } from '../test/i18n.js';
import { TEST_SCHOOL } from '../test/school.js';
import { hydrateIsland } from './hydrate-islands.js';
import { Island, IslandCollector, IslandCollectorContext, islandSlot } from './island.js';
import { renderIsland } from './render-island.js';

/** An island with what trips hydration up: a useId, state, and the settings from its root. */
function Counter({ label }: { label: string }) {
  const id = useId();
  const [count, setCount] = useState(0);
  const school = useSchool().settings?.name ?? 'no school';
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input id={id} readOnly value={count} />
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        Add at {school}
      </button>
    </div>
  );
}

/** The registry's loader, for the test's island. */
const loadCounter = async () => Counter as ComponentType<object>;

/** The island as the server sends it, in a page's body, and the element the browser hydrates. */
function serverIsland(label: string, key = 'i0-'): HTMLElement {
  document.body.innerHTML = renderIsland(
    { key, name: 'toasts', component: Counter, props: { label } },
    TEST_SCHOOL,
    testTranslator(),
  );
  return document.body.querySelector('[data-island]') as HTMLElement;
}

describe('islands', () => {
  it('in the app and in tests an island is simply its component', () => {
    const html = renderToString(<Island name="toasts" component={Counter} props={{ label: 'Apples' }} />);
    expect(html).toContain('Apples');
    expect(html).not.toContain('data-island');
  });

  it('in a server render it leaves a slot per island and collects each with its own key', () => {
    const collector = new IslandCollector();
    const html = renderToString(
      <IslandCollectorContext value={collector}>
        <main>
          <Island name="toasts" component={Counter} props={{ label: 'Apples' }} />
          <Island name="site-nav" component={Counter} props={{ label: 'Pears' }} />
        </main>
      </IslandCollectorContext>,
    );
    expect(collector.placed.map(({ key, name, props }) => ({ key, name, props }))).toEqual([
      { key: 'i0-', name: 'toasts', props: { label: 'Apples' } },
      { key: 'i1-', name: 'site-nav', props: { label: 'Pears' } },
    ]);
    expect(html).toBe(`<main>${islandSlot('i0-')}${islandSlot('i1-')}</main>`);
  });

  it('the server renders an island in an element that carries its name, key and props', () => {
    const element = serverIsland('Plums & "cherries"', 'i3-');
    expect(element.dataset).toMatchObject({ island: 'toasts', islandKey: 'i3-' });
    expect(JSON.parse(element.dataset.props ?? '')).toEqual({ label: 'Plums & "cherries"' });
    // Its ids carry its key, so two islands of one page never share one.
    expect(element.querySelector('input')?.id).toMatch(/^_i3-/);
    expect(screen.getByRole('button')).toHaveTextContent(`Add at ${TEST_SCHOOL.name}`);
  });

  it('the browser hydrates it without a mismatch, and it then runs', async () => {
    const element = serverIsland('Apples');
    const input = element.querySelector('input');
    const recoverable = vi.fn();
    await act(() =>
      hydrateIsland(element, TEST_SCHOOL, testTranslator(), loadCounter, { onRecoverableError: recoverable }),
    );
    expect(recoverable).not.toHaveBeenCalled();
    // The server's elements were kept, not drawn again.
    expect(element.querySelector('input')).toBe(input);
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByLabelText('Apples')).toHaveValue('1');
  });

  it('a server render that differs from the browser’s is reported', async () => {
    allowConsoleErrors();
    const element = serverIsland('Apples');
    // What the browser renders with other settings than the server's differs in the button's text.
    const recoverable = vi.fn();
    await act(() =>
      hydrateIsland(element, undefined, testTranslator(), loadCounter, { onRecoverableError: recoverable }),
    );
    expect(recoverable).toHaveBeenCalled();
  });

  it('an element naming no known island is refused', async () => {
    const element = serverIsland('Apples');
    element.dataset.island = 'nothing-of-ours';
    await expect(hydrateIsland(element, TEST_SCHOOL, testTranslator(), loadCounter)).rejects.toThrow(
      /nothing-of-ours/,
    );
  });
});
