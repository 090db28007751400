import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';

export interface SchoolPanelProps {
  title: ReactNode;
  /** A line under the title. */
  lead?: ReactNode;
  /** Buttons or links beside the title. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A school screen's card: title (the page banner already holds the h1), actions, then content. */
export function SchoolPanel({ title, lead, actions, children, className }: SchoolPanelProps) {
  const titleId = useId();
  return (
    <section className="container school-screen" aria-labelledby={titleId}>
      <div className={className ? `school-panel ${className}` : 'school-panel'}>
        <header className="school-panel__header">
          <div className="school-panel__heading">
            <h2 id={titleId} className="school-panel__title">
              {title}
            </h2>
            {lead ? <p className="school-panel__lead">{lead}</p> : null}
          </div>
          {actions ? <div className="school-panel__actions">{actions}</div> : null}
        </header>
        {children}
      </div>
    </section>
  );
}

export interface TableWrapProps {
  /** Names the scrollable region for screen readers (the table's subject). */
  label: string;
  children: ReactNode;
  className?: string;
}

/**
 * Names each body and footer cell after its column (`data-label`, from the table's header row), so
 * that on a phone the stylesheet can show every row as "label: value" lines (school.css). Cells
 * that span columns get no label. Roles are set explicitly because browsers drop a table's
 * semantics once its parts are no longer displayed as a table.
 */
export function labelTableCells(root: HTMLElement): void {
  for (const table of root.querySelectorAll<HTMLTableElement>('table.school-table')) {
    const headerRow = table.tHead?.rows[table.tHead.rows.length - 1];
    const labels: string[] = [];
    for (const cell of headerRow?.cells ?? []) {
      for (let span = 0; span < cell.colSpan; span += 1) labels.push(cell.textContent?.trim() ?? '');
    }
    table.setAttribute('role', 'table');
    for (const group of [table.tHead, ...table.tBodies, table.tFoot]) {
      if (!group) continue;
      group.setAttribute('role', 'rowgroup');
      for (const row of group.rows) {
        row.setAttribute('role', 'row');
        let column = 0;
        for (const cell of row.cells) {
          const inHead = group === table.tHead;
          cell.setAttribute('role', inHead ? 'columnheader' : cell.tagName === 'TH' ? 'rowheader' : 'cell');
          const label = cell.colSpan === 1 ? (labels[column] ?? '') : '';
          if (!inHead && cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
          column += cell.colSpan;
        }
      }
    }
  }
}

/**
 * Tables scroll sideways inside this wrapper on a narrow screen instead of widening the page; on
 * a phone they show each row as labelled lines instead (labelTableCells). It can take focus, so
 * keyboard users can scroll it too.
 */
export function TableWrap({ label, children, className }: TableWrapProps) {
  const wrap = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const root = wrap.current;
    if (!root) return;
    labelTableCells(root);
    // Rows come and go as data loads and filters change.
    const observer = new MutationObserver(() => labelTableCells(root));
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return (
    <section
      ref={wrap}
      className={className ? `school-table-wrap ${className}` : 'school-table-wrap'}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
    >
      {children}
    </section>
  );
}

/** Text for screen readers only: gives repeated buttons ("View") their row's context. */
export function HiddenText({ children }: { children: ReactNode }) {
  return <span className="visually-hidden">{children}</span>;
}
