import { type ReactNode, useId } from 'react';

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
 * Tables scroll sideways inside this wrapper on a narrow screen instead of widening the page. It
 * can take focus, so keyboard users can scroll it too.
 */
export function TableWrap({ label, children, className }: TableWrapProps) {
  return (
    <section
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
