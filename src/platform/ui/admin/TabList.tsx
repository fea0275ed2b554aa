import { useRef, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';

/**
 * A row of tabs (ARIA tabs pattern): tab `${idPrefix}-tab-<key>` controls panel `${idPrefix}-panel-<key>`;
 * only the current tab is in the tab order, the arrow keys (wrapping), Home and End move between
 * them. `scrollable`: a row that may be wider than the screen scrolls sideways.
 */
export function TabList<K extends string>({
  tabs,
  tab,
  onChange,
  idPrefix,
  label,
  scrollable = false,
  children,
}: {
  tabs: readonly K[];
  tab: K;
  onChange: (tab: K) => void;
  idPrefix: string;
  /** the tab list's accessible name */
  label: string;
  scrollable?: boolean;
  /** a tab's content */
  children: (key: K) => ReactNode;
}) {
  const refs = useRef<Partial<Record<K, HTMLButtonElement | null>>>({});
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = tabs.indexOf(tab);
    const next =
      e.key === 'ArrowRight'
        ? tabs[(i + 1) % tabs.length]
        : e.key === 'ArrowLeft'
          ? tabs[(i + tabs.length - 1) % tabs.length]
          : e.key === 'Home'
            ? tabs[0]
            : e.key === 'End'
              ? tabs[tabs.length - 1]
              : null;
    if (!next) return;
    e.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className={`flex gap-1 ${scrollable ? 'overflow-x-auto ' : ''}border-b border-line`}
    >
      {tabs.map((key) => (
        <button
          key={key}
          ref={(el) => {
            refs.current[key] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${key}`}
          data-testid={`${idPrefix}-tab-${key}`}
          aria-selected={tab === key}
          aria-controls={`${idPrefix}-panel-${key}`}
          tabIndex={tab === key ? 0 : -1}
          onClick={() => onChange(key)}
          onKeyDown={onKey}
          className={
            `-mb-px ${scrollable ? 'shrink-0 ' : ''}rounded-t-lg border-b-2 px-4 py-2.5 text-sm font-semibold ` +
            `outline-none transition focus-visible:ring-2 focus-visible:ring-accent ${
              tab === key ? 'border-accent text-white' : 'border-transparent text-slate-400 hover:text-white'
            }`
          }
        >
          {children(key)}
        </button>
      ))}
    </div>
  );
}

/**
 * The panel of tab `name`, labelled by that tab. It stays mounted while another tab is shown (only
 * hidden), so what was typed in it survives a look elsewhere.
 */
export function TabPanel<K extends string>({
  idPrefix,
  name,
  tab,
  children,
  ...rest
}: {
  idPrefix: string;
  name: K;
  tab: K;
  children: ReactNode;
} & Pick<HTMLAttributes<HTMLDivElement>, 'lang' | 'className'> & { 'data-testid'?: string }) {
  return (
    <div
      role="tabpanel"
      id={`${idPrefix}-panel-${name}`}
      aria-labelledby={`${idPrefix}-tab-${name}`}
      hidden={tab !== name}
      {...rest}
    >
      {children}
    </div>
  );
}
