import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { type ComponentType, useId, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useSchool } from '../components/layout/school.js';
import { allowConsoleErrors } from '../test/console.js';
import { testTranslator } from '../test/i18n.js';
import { TEST_SCHOOL } from '../test/school.js';
import { hydrateIsland, hydrateIslands, VISIBLE_ISLAND_MARGIN } from './hydrate-islands.js';
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

  describe('an island below the fold is hydrated when it comes near the screen', () => {
    /** The browser's IntersectionObserver, driven by the test: `show` is the element coming near. */
    class FakeIntersectionObserver {
      static made: FakeIntersectionObserver[] = [];
      readonly watched: Element[] = [];
      disconnected = false;
      constructor(
        readonly callback: IntersectionObserverCallback,
        readonly options: IntersectionObserverInit = {},
      ) {
        FakeIntersectionObserver.made.push(this);
      }
      observe(element: Element) {
        this.watched.push(element);
      }
      disconnect() {
        this.disconnected = true;
      }
      show(element: Element) {
        this.callback(
          [{ target: element, isIntersecting: true } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        );
      }
    }

    /** A page with a `load` island (the toasts) and a `visible` one (the testimonials). */
    function pageWithTwoIslands() {
      document.body.innerHTML =
        renderIsland(
          { key: 'i0-', name: 'toasts', component: Counter, props: { label: 'Now' } },
          TEST_SCHOOL,
          testTranslator(),
        ) +
        renderIsland(
          { key: 'i1-', name: 'testimonials', component: Counter, props: { label: 'Later' } },
          TEST_SCHOOL,
          testTranslator(),
        );
      const [now, later] = document.body.querySelectorAll<HTMLElement>('[data-island]');
      return { now: now as HTMLElement, later: later as HTMLElement };
    }

    it('the server marks each island with when it is hydrated', () => {
      const { now, later } = pageWithTwoIslands();
      expect(now.dataset.islandWhen).toBe('load');
      expect(later.dataset.islandWhen).toBe('visible');
    });

    it('loads a `visible` island only once it comes near the screen, and only once', async () => {
      FakeIntersectionObserver.made = [];
      vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
      try {
        const { now, later } = pageWithTwoIslands();
        const load = vi.fn(loadCounter);
        await act(async () => hydrateIslands(document, TEST_SCHOOL, testTranslator(), load));
        expect(load.mock.calls).toEqual([['toasts']]);
        await vi.waitFor(() => expect(now.dataset.islandHydrated).toBe(''));
        expect(later.dataset.islandHydrated).toBeUndefined();

        const [observer] = FakeIntersectionObserver.made;
        // The island's element has no box (display: contents): what it holds is watched.
        expect(observer?.watched).toEqual([...later.children]);
        expect(observer?.watched.length).toBeGreaterThan(0);
        expect(observer?.options.rootMargin).toBe(VISIBLE_ISLAND_MARGIN);
        await act(async () => {
          observer?.show(later.children[0] as Element);
          observer?.show(later.children[0] as Element);
        });
        await vi.waitFor(() => expect(later.dataset.islandHydrated).toBe(''));
        expect(load.mock.calls).toEqual([['toasts'], ['testimonials']]);
        expect(observer?.disconnected).toBe(true);
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('a keyboard user tabbing into it before it is near hydrates it at once', async () => {
      FakeIntersectionObserver.made = [];
      vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
      try {
        const { later } = pageWithTwoIslands();
        const load = vi.fn(loadCounter);
        await act(async () => hydrateIslands(document, TEST_SCHOOL, testTranslator(), load));
        await act(async () => later.querySelector('input')?.focus());
        await vi.waitFor(() => expect(later.dataset.islandHydrated).toBe(''));
        expect(load.mock.calls).toEqual([['toasts'], ['testimonials']]);
        expect(FakeIntersectionObserver.made[0]?.disconnected).toBe(true);
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('without IntersectionObserver every island is hydrated at once', async () => {
      vi.stubGlobal('IntersectionObserver', undefined);
      try {
        const { now, later } = pageWithTwoIslands();
        await act(async () => hydrateIslands(document, TEST_SCHOOL, testTranslator(), loadCounter));
        await vi.waitFor(() => expect(later.dataset.islandHydrated).toBe(''));
        expect(now.dataset.islandHydrated).toBe('');
      } finally {
        vi.unstubAllGlobals();
      }
    });
  });
});
