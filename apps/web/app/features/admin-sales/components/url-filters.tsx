/**
 * A console list's search and filters, kept in the page's URL search parameters so a filtered
 * list can be bookmarked, shared and reloaded. The search box waits until typing pauses before
 * it asks the server; the other filters apply at once.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Input, Select, type SelectOption } from '~/components/ui/field';
import { Button } from '~/components/ui/button';

/** Milliseconds of no typing before the search is sent. */
const SEARCH_DELAY_MS = 350;

/** The filters of `keys` read from the URL, and a setter that replaces the history entry. */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  const set = useCallback(
    (key: K, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  return { values, set, clear, active: keys.some((key) => values[key] !== '') };
}

/** A search box that reports its text once typing pauses. */
export function SearchBox({
  label,
  hint,
  value,
  onSearch,
}: {
  label: string;
  hint: string;
  value: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The URL changed (this search, Clear filters, the back button): show its text.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <Input
      type="search"
      label={label}
      hint={hint}
      value={text}
      onChange={(event) => setText(event.target.value)}
      className="sm:col-span-2"
    />
  );
}

export function FilterSelect({
  label,
  value,
  options,
  placeholder,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  placeholder: string;
  onChange: (value: string) => void;
}) {
  return (
    <Select
      label={label}
      value={value}
      options={options}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export function FilterDate({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return <Input type="date" label={label} value={value} onChange={(event) => onChange(event.target.value)} />;
}

/** The filter panel: its controls in a grid, and a button that clears them when any is set. */
export function FilterPanel({
  label,
  active,
  onClear,
  children,
}: {
  label: string;
  active: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <section aria-label={label} className="mb-5 rounded-xl border border-slate-200 bg-white p-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{children}</div>
      {active ? (
        <div className="mt-3 flex justify-end">
          <Button variant="outline" onClick={onClear}>
            Clear filters
          </Button>
        </div>
      ) : null}
    </section>
  );
}
