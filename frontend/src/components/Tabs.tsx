import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabDefinition<T extends string> {
  id: T;
  label: ReactNode;
}

interface TabsProps<T extends string> {
  label: string;
  tabs: readonly TabDefinition<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
  className?: string;
}

/**
 * WAI-ARIA tabs: one tab stop for the whole list, arrow keys (and Home/End) move between
 * tabs and select them, the panel is labelled by its tab.
 */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children, className }: TabsProps<T>) {
  const prefix = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (id: T) => `${prefix}-tab-${id}`;
  const panelId = (id: T) => `${prefix}-panel-${id}`;

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    let next = index;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    const target = tabs[next];
    onSelect(target.id);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(target.id))}`)?.focus();
  }

  return (
    <div className={className}>
      <div className="tab-list" role="tablist" aria-label={label} ref={listRef} onKeyDown={handleKeyDown}>
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              className="tab"
              aria-selected={active}
              aria-controls={panelId(tab.id)}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        className="tab-panel"
        role="tabpanel"
        id={panelId(selected)}
        aria-labelledby={tabId(selected)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA's tabs pattern: the panel is the next tab stop after the tab list, so a panel that starts with text is reached too
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
