import { useContext, type ReactNode } from 'react';
import { ScriptNonceContext } from '~/lib/script-nonce';

export interface PrepaintChoiceProps {
  /**
   * A JavaScript expression the browser evaluates while parsing the prerendered HTML, before the
   * first paint: truthy shows `when`, falsy (or throwing) shows `children`. Written by the page,
   * never from input.
   */
  test: string;
  /** What shows when `test` holds: typically a loading state for what only the browser knows. */
  when: ReactNode;
  /** What shows otherwise, and without JavaScript. */
  children: ReactNode;
  /**
   * What `test` says, where the page can tell while rendering in the browser (a client-side
   * navigation, where no inline script runs); undefined while hydrating, where the script has
   * decided. Read it with useSyncExternalStore and a server snapshot of undefined.
   */
  known?: boolean | undefined;
  /**
   * Once the page has decided on its own (after hydration), true: `children` show whatever the
   * prerendered test said, and `when` is gone. Pages whose fallback is replaced on hydration
   * never set it.
   */
  settled?: boolean;
}

/**
 * Two states of a prerendered page, one picked before the first paint by what only the browser
 * knows: the address's query or fragment, this tab's storage. Prerendering has no request, so
 * the HTML carries both; a one-line inline script marks the wrapper and CSS shows one. The page
 * then paints its real content at once (a payment page without a reference, the manage page
 * without a session: their largest paint is the HTML's own) and a buyer with a reference sees
 * the loading state, not a wrong message, until the scripts take over.
 *
 * `children` keep their place in the tree when `settled` changes, so a form in them keeps what
 * was typed into it before hydration.
 */
export function PrepaintChoice({ test, when, children, known, settled = false }: PrepaintChoiceProps) {
  // A page rendered at request time trusts only scripts with its render's nonce.
  const nonce = useContext(ScriptNonceContext);
  return (
    <div
      className="group/prepaint"
      // Until the page settles, set by the inline script or from `known`.
      data-prepaint={settled ? 'settled' : known ? 'when' : undefined}
      suppressHydrationWarning
    >
      {settled ? null : (
        <script
          nonce={nonce}
          // The parser runs it where it stands: its parent is this wrapper.
          dangerouslySetInnerHTML={{
            __html: `try{if(${test})document.currentScript.parentElement.dataset.prepaint='when'}catch(e){}`,
          }}
        />
      )}
      {settled ? null : <div className="hidden group-data-[prepaint=when]/prepaint:block">{when}</div>}
      <div className="group-data-[prepaint=when]/prepaint:hidden">{children}</div>
    </div>
  );
}
