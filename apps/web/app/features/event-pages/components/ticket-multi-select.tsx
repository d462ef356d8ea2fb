/**
 * 'Select your ticket' multi-select of the /popup-visitor cards: a button showing the
 * choice that opens a Radix Popover with a group of checkboxes, so it works with a keyboard and
 * a screen reader without a custom listbox. The options are the spec's placeholders, marked Sample.
 */
import { Popover } from 'radix-ui';
import { ChevronDownIcon } from '~/components/ui/icons';

export interface TicketMultiSelectProps {
  options: readonly string[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Names the control apart from its siblings, e.g. "28 Sept Visitor Pass". */
  itemLabel: string;
}

export function TicketMultiSelect({ options, value, onChange, itemLabel }: TicketMultiSelectProps) {
  const summary = value.length === 0 ? 'Select your ticket' : value.join(', ');
  function toggle(option: string, checked: boolean) {
    onChange(
      checked
        ? options.filter((item) => item === option || value.includes(item))
        : value.filter((item) => item !== option),
    );
  }
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={`Select your ticket for ${itemLabel}: ${value.length === 0 ? 'none selected' : summary}`}
        className="flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-sm"
      >
        <span className={value.length === 0 ? 'text-slate-500' : 'text-slate-900'}>{summary}</span>
        <ChevronDownIcon className="size-4 shrink-0" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          className="z-50 w-(--radix-popover-trigger-width) min-w-56 rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
        >
          <fieldset>
            <legend className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              Select your ticket · Sample options
            </legend>
            <div className="flex flex-col gap-1">
              {options.map((option) => (
                <label
                  key={option}
                  className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-brand-50"
                >
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-700"
                    checked={value.includes(option)}
                    onChange={(event) => toggle(option, event.target.checked)}
                  />
                  {option}
                </label>
              ))}
            </div>
          </fieldset>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
