/**
 * An ordered console list (FAQ entries, speakers, sponsors…): each entry with move up/down
 * buttons, show/hide and edit. Moving sends the whole new order; focus stays on the button
 * that was pressed (or its twin when the entry reached an end), so the keyboard can keep moving
 * it. Hidden entries stay listed, marked, so organizers can show them again.
 */
import { clsx } from 'clsx';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/field';
import { errorMessage } from '~/lib/console/admin-client';
import type { ListEntry } from './api';

interface OrderedListProps<T extends ListEntry> {
  items: readonly T[];
  /** The entry's name in button labels ("Move Is there parking? up"). */
  nameOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onReorder: (ids: number[]) => Promise<unknown>;
  onSetVisible: (item: T, visible: boolean) => Promise<unknown>;
  onEdit: (item: T) => void;
  /** Extra actions of an entry (e.g. delete). */
  actions?: (item: T) => ReactNode;
  label: string;
}

const buttonId = (id: number, what: string) => `entry-${id}-${what}`;

export function OrderedList<T extends ListEntry>({
  items,
  nameOf,
  renderItem,
  onReorder,
  onSetVisible,
  onEdit,
  actions,
  label,
}: OrderedListProps<T>) {
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // `<button id>|<twin id>` to focus once the list has re-rendered after a change.
  const focusTarget = useRef<string | null>(null);

  useEffect(() => {
    if (!focusTarget.current || busy !== null) return;
    const [first, twin] = focusTarget.current.split('|');
    focusTarget.current = null;
    const target = document.getElementById(first!) as HTMLButtonElement | null;
    (target && !target.disabled ? target : document.getElementById(twin!))?.focus();
  });

  async function run(id: number, change: () => Promise<unknown>, focus?: string) {
    setBusy(id);
    setError(null);
    try {
      await change();
      if (focus) focusTarget.current = focus;
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  function move(index: number, by: -1 | 1) {
    const ids = items.map((item) => item.id);
    const id = ids[index]!;
    ids.splice(index, 1);
    ids.splice(index + by, 0, id);
    const [pressed, twin] = by < 0 ? ['up', 'down'] : ['down', 'up'];
    void run(id, () => onReorder(ids), `${buttonId(id, pressed!)}|${buttonId(id, twin!)}`);
  }

  return (
    <div>
      {error ? (
        <div className="mb-3">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
      <ol aria-label={label} className="grid grid-cols-1 gap-3">
        {items.map((item, index) => {
          const name = nameOf(item);
          const pending = busy === item.id;
          return (
            <li
              key={item.id}
              aria-busy={pending || undefined}
              className={clsx(
                'flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center',
                !item.visible && 'bg-slate-50 ring-dashed',
              )}
            >
              <span className="w-8 shrink-0 text-sm font-semibold text-slate-500 tabular-nums">
                {index + 1}.
              </span>
              <div className="min-w-0 flex-1">
                {renderItem(item)}
                {item.visible ? null : (
                  <p className="mt-1 text-xs font-semibold tracking-wide text-amber-800 uppercase">
                    Hidden from the site
                  </p>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  id={buttonId(item.id, 'up')}
                  variant="outline"
                  className="min-w-11 px-3"
                  disabled={index === 0 || busy !== null}
                  aria-label={`Move ${name} up`}
                  onClick={() => move(index, -1)}
                >
                  <span aria-hidden="true">↑</span>
                </Button>
                <Button
                  id={buttonId(item.id, 'down')}
                  variant="outline"
                  className="min-w-11 px-3"
                  disabled={index === items.length - 1 || busy !== null}
                  aria-label={`Move ${name} down`}
                  onClick={() => move(index, 1)}
                >
                  <span aria-hidden="true">↓</span>
                </Button>
                <Button
                  id={buttonId(item.id, 'visibility')}
                  variant="outline"
                  disabled={busy !== null}
                  aria-label={`${item.visible ? 'Hide' : 'Show'} ${name}`}
                  onClick={() =>
                    void run(
                      item.id,
                      () => onSetVisible(item, !item.visible),
                      `${buttonId(item.id, 'visibility')}|`,
                    )
                  }
                >
                  {item.visible ? 'Hide' : 'Show'}
                </Button>
                <Button variant="secondary" aria-label={`Edit ${name}`} onClick={() => onEdit(item)}>
                  Edit
                </Button>
                {actions?.(item)}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
