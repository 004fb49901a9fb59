import { useId, useRef } from "react";

/**
 * A tablist with the keyboard model of the ARIA practices: one tab in the tab order, arrow keys,
 * Home and End move between tabs and select them.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  tabs: readonly { id: T; label: string }[];
  selected: T;
  onSelect: (id: T) => void;
  children: React.ReactNode;
}) {
  const prefix = useId();
  const list = useRef<HTMLDivElement>(null);
  const move = (index: number) => {
    const target = tabs[(index + tabs.length) % tabs.length]!;
    onSelect(target.id);
    list.current?.querySelector<HTMLElement>(`[data-tab="${target.id}"]`)?.focus();
  };
  const current = tabs.findIndex((tab) => tab.id === selected);
  return (
    <>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        className="achievement-tabs"
        onKeyDown={(event) => {
          const keys: Record<string, number> = {
            ArrowRight: current + 1,
            ArrowLeft: current - 1,
            Home: 0,
            End: tabs.length - 1,
          };
          if (!(event.key in keys)) return;
          event.preventDefault();
          move(keys[event.key]!);
        }}
      >
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${prefix}-${tab.id}`}
            data-tab={tab.id}
            aria-selected={tab.id === selected}
            aria-controls={`${prefix}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            className="achievement-tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${prefix}-panel`}
        aria-labelledby={`${prefix}-${selected}`}
        className="achievement-tabpanel"
      >
        {children}
      </div>
    </>
  );
}
