/**
 * The nonce of a request-time render (app/entry.server.tsx): the API's page policy trusts only
 * the inline scripts that carry it, so a component writing its own inline script
 * (components/prepaint-choice.tsx) puts it on. Undefined while prerendering (the policy of a
 * prerendered file lists its scripts' hashes) and in the browser (no inline script runs there).
 */
import { createContext } from 'react';

export const ScriptNonceContext = createContext<string | undefined>(undefined);
