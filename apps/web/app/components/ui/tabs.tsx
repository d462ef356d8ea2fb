/**
 * Tabs after the WAI-ARIA Authoring Practices tabs pattern, with automatic activation: the
 * selected tab is the only one in the tab order, Left/Right move to the previous/next tab (round
 * the ends) and select it, Home/End jump to the first/last, and each panel is labelled by its
 * tab. Panels other than the selected one stay in the page, hidden and empty. The same markup
 * and keys as Radix Tabs, which this replaces: /register, its one user, loaded about 9 KB of
 * gzipped JavaScript for it on first load. Styled as a segmented control that wraps
 * on narrow screens.
 */
import { clsx } from 'clsx';
import {
  createContext,
  use,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  type ComponentProps,
  type KeyboardEvent,
} from 'react';

interface TabsState {
  value: string;
  select: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs() {
  const state = use(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

const triggerId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

export interface TabsProps extends Omit<ComponentProps<'div'>, 'onChange'> {
  /** The selected tab's value. */
  value: string;
  onValueChange: (value: string) => void;
}

export function Tabs({ value, onValueChange, ...props }: TabsProps) {
  const baseId = useId();
  // The context changes only with the selected tab: a change reaching a panel whose content
  // React has not hydrated yet (a lazily loaded form) would replace its markup by the fallback.
  const latestOnValueChange = useRef(onValueChange);
  useLayoutEffect(() => {
    latestOnValueChange.current = onValueChange;
  });
  const select = useCallback((next: string) => latestOnValueChange.current(next), []);
  const state = useMemo(() => ({ value, select, baseId }), [value, select, baseId]);
  return (
    <TabsContext value={state}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext>
  );
}

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowRight: (index, count) => (index + 1) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const { select } = useTabs();
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const step = STEPS[event.key];
    if (!step || event.defaultPrevented) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const index = tabs.indexOf(event.target as HTMLButtonElement);
    if (index === -1) return;
    event.preventDefault();
    const next = tabs[step(index, tabs.length)];
    next?.focus();
    if (next?.dataset.value !== undefined) select(next.dataset.value);
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={clsx(
        'grid grid-cols-2 gap-1 rounded-xl bg-white/10 p-1 backdrop-blur sm:grid-cols-4',
        className,
      )}
      onKeyDown={move}
      {...props}
    />
  );
}

export interface TabsTriggerProps extends ComponentProps<'button'> {
  value: string;
}

export function TabsTrigger({ value, className, onClick, ...props }: TabsTriggerProps) {
  const { value: selected, select, baseId } = useTabs();
  const active = value === selected;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(baseId, value)}
      aria-selected={active}
      aria-controls={panelId(baseId, value)}
      data-state={active ? 'active' : 'inactive'}
      data-value={value}
      tabIndex={active ? 0 : -1}
      className={clsx(
        'min-h-11 rounded-lg px-3 py-2 text-sm font-semibold text-white/85 transition-colors hover:bg-white/10 hover:text-white',
        'data-[state=active]:bg-accent-500 data-[state=active]:text-brand-950',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) select(value);
      }}
      {...props}
    />
  );
}

export interface TabsContentProps extends ComponentProps<'div'> {
  value: string;
}

export function TabsContent({ value, className, children, ...props }: TabsContentProps) {
  const { value: selected, baseId } = useTabs();
  const active = value === selected;
  return (
    <div
      role="tabpanel"
      id={panelId(baseId, value)}
      aria-labelledby={triggerId(baseId, value)}
      data-state={active ? 'active' : 'inactive'}
      hidden={!active}
      tabIndex={0}
      className={clsx('mt-4', className)}
      {...props}
    >
      {active ? children : null}
    </div>
  );
}
